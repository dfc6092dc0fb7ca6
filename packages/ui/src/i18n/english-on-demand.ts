// The query makes the bundler treat this as a module of its own, apart from the en.json that create-i18n.ts
// bundles, so each keeps only the namespaces it reads: these come with the pages that use them.
import en from '../locales/en.json?on-demand';

/** English of the advertiser portal and the admin console, which the finder's first load does not need. */
export const onDemandEnglish = { advertiser: en.advertiser, admin: en.admin };

/** The pages' English that create-i18n.ts leaves out of the first load, added when such a page loads. */
export const deferredEnglish = {
  shell: {
    legal: en.shell.legal,
    account: en.shell.account,
    help: en.shell.help,
    forOwners: en.shell.forOwners,
  },
  finder: {
    add: en.finder.add,
    suggest: en.finder.suggest,
    review: en.finder.review,
    gallery: en.finder.gallery,
    upload: en.finder.upload,
    favorites: en.finder.favorites,
    explore: en.finder.explore,
    // 'Tell me when a washer is free' is in the detail's live section, which loads with the detail.
    liveAlert: en.finder.liveAlert,
    // The detail's own English, its live section and chart (the first load has only a card's words of them).
    live: en.finder.live,
    detail: en.finder.detail,
    busyness: en.finder.busyness,
    // A laundromat's history is a folded section of the detail.
    history: en.finder.history,
  },
};
