// The query makes the bundler treat this as a module of its own, apart from the en.json that create-i18n.ts
// bundles, so each keeps only the namespaces it reads: these come with the pages that use them.
import en from '../locales/en.json?on-demand';

/** English of the advertiser portal and the admin console, which the finder's first load does not need. */
export const onDemandEnglish = { advertiser: en.advertiser, admin: en.admin };
