import {
  advertiserNoticeMailType,
  formatMinor,
  isBillingCurrency,
  languages,
  type AdvertiserNoticeKind,
  type AdvertiserNoticeRaisedV1Data,
  type InternalMailRequest,
  type Language,
  type MailContent,
} from '@laundry/contracts';
import { centsToDollars } from '@laundry/contracts/money';

/** One mail per notice, however often its event is delivered. */
export const advertiserNoticeMailId = (noticeId: string) => `advertiser-notice:${noticeId}`;

/** Where the advertiser reads their notices (the business portal's dashboard). */
export const advertiserPortalLink = (publicUrl: string | undefined) => `${publicUrl ?? ''}/advertiser`;

interface Values {
  campaign: string;
  amount: string;
  invoice: string;
  creditNote: string;
}
type Line = (v: Values) => string;

interface Words {
  yourCampaign: string;
  kinds: Record<AdvertiserNoticeKind, { subject: Line; body: Line }>;
  /** The automatic check's findings by code (the portal's own words for them). */
  findings: Record<string, string>;
  reason: string;
  open: string;
}

/** The advertiser notices in each language of the product. */
const words: Record<Language, Words> = {
  en: {
    yourCampaign: 'your campaign',
    kinds: {
      'campaign-held': {
        subject: (v) => `“${v.campaign}” is waiting for review`,
        body: (v) =>
          `Our automatic check held “${v.campaign}” for a person to review. It does not run until it is approved. What the check found:`,
      },
      'campaign-approved': {
        subject: (v) => `“${v.campaign}” is approved`,
        body: (v) => `“${v.campaign}” was approved and can run.`,
      },
      'campaign-changes-requested': {
        subject: (v) => `Changes requested for “${v.campaign}”`,
        body: (v) => `Our reviewer asks for changes to “${v.campaign}”. Edit it and it is reviewed again.`,
      },
      'campaign-rejected': {
        subject: (v) => `“${v.campaign}” was not approved`,
        body: (v) => `“${v.campaign}” was not approved and will not run.`,
      },
      'verification-approved': {
        subject: () => `Your business is verified`,
        body: () => `Your business verification was approved: higher budgets are open to you.`,
      },
      'verification-rejected': {
        subject: () => `Your business verification was not approved`,
        body: () =>
          `Your business verification was not approved. You may send new documents from the portal.`,
      },
      'budget-80': {
        subject: (v) => `“${v.campaign}” has spent 80 % of its budget`,
        body: (v) =>
          `“${v.campaign}” has spent 80 % of its total budget. Raise the budget to keep it running.`,
      },
      'budget-100': {
        subject: (v) => `“${v.campaign}” has spent its budget`,
        body: (v) =>
          `“${v.campaign}” has spent its whole budget and stopped showing. Raise the budget to run it again.`,
      },
      'charge-failed': {
        subject: () => `A charge to your card did not go through`,
        body: (v) =>
          `We could not charge your card for ${v.amount}. Check the card or add another in Settings; we try again automatically.`,
      },
      'account-suspended': {
        subject: () => `Your campaigns are paused`,
        body: () =>
          `Your account is suspended and your campaigns are paused because a statement stays unpaid. Add a card that works in Settings to resume them.`,
      },
      'statement-issued': {
        subject: (v) => `Your statement and invoice ${v.invoice} are ready`,
        body: (v) =>
          `Your statement for ${v.amount} and its invoice ${v.invoice} were issued. You can download the invoice in the portal.`,
      },
      'refund-issued': {
        subject: (v) => `A refund of ${v.amount} and credit note ${v.creditNote}`,
        body: (v) =>
          `We refunded ${v.amount} of invoice ${v.invoice} to your card and issued credit note ${v.creditNote}. You can download it beside the invoice in the portal.`,
      },
    },
    findings: {
      notHttps: 'The link does not use https.',
      ipHost: 'The link points at an IP address, not a domain.',
      credentialsInUrl: 'The link contains a user name or password.',
      punycodeHost: 'The domain uses look-alike letters.',
      shortener: 'The link is shortened ({{domain}}); use the full address.',
      blockedDomain: 'The domain {{domain}} is not allowed.',
      prohibitedTerm: 'It contains “{{term}}”, a term a person must check.',
      foreignTargetDomain: 'The link goes to {{target}}, not to your website ({{own}}).',
      unreadableUrl: 'The link cannot be read.',
      mixedScript: 'The word “{{word}}” mixes letters of different alphabets.',
    },
    reason: 'Reason',
    open: 'Open the business portal',
  },
  zh: {
    yourCampaign: '您的广告活动',
    kinds: {
      'campaign-held': {
        subject: (v) => `“${v.campaign}”正在等待审核`,
        body: (v) => `我们的自动检查暂停了“${v.campaign}”，等待人工审核。获批之前不会投放。检查发现：`,
      },
      'campaign-approved': {
        subject: (v) => `“${v.campaign}”已获批准`,
        body: (v) => `“${v.campaign}”已获批准，可以投放。`,
      },
      'campaign-changes-requested': {
        subject: (v) => `“${v.campaign}”需要修改`,
        body: (v) => `我们的审核员要求修改“${v.campaign}”。修改后会重新审核。`,
      },
      'campaign-rejected': {
        subject: (v) => `“${v.campaign}”未获批准`,
        body: (v) => `“${v.campaign}”未获批准，不会投放。`,
      },
      'verification-approved': {
        subject: () => `您的企业已通过认证`,
        body: () => `您的企业认证已获批准：您现在可以使用更高的预算。`,
      },
      'verification-rejected': {
        subject: () => `您的企业认证未获批准`,
        body: () => `您的企业认证未获批准。您可以在门户中提交新的文件。`,
      },
      'budget-80': {
        subject: (v) => `“${v.campaign}”已花费 80% 的预算`,
        body: (v) => `“${v.campaign}”已花费总预算的 80%。提高预算即可继续投放。`,
      },
      'budget-100': {
        subject: (v) => `“${v.campaign}”的预算已用完`,
        body: (v) => `“${v.campaign}”已用完全部预算并停止展示。提高预算即可重新投放。`,
      },
      'charge-failed': {
        subject: () => `您的银行卡扣款未成功`,
        body: (v) =>
          `我们无法从您的银行卡扣款 ${v.amount}。请检查银行卡或在设置中添加另一张；我们会自动重试。`,
      },
      'account-suspended': {
        subject: () => `您的广告活动已暂停`,
        body: () =>
          `由于有账单未支付，您的账户已被暂停，广告活动也已暂停。请在设置中添加可用的银行卡以恢复。`,
      },
      'statement-issued': {
        subject: (v) => `您的账单和发票 ${v.invoice} 已出具`,
        body: (v) => `您 ${v.amount} 的账单及发票 ${v.invoice} 已出具。您可以在门户中下载发票。`,
      },
      'refund-issued': {
        subject: (v) => `退款 ${v.amount} 及贷项通知单 ${v.creditNote}`,
        body: (v) =>
          `我们已将发票 ${v.invoice} 中的 ${v.amount} 退回您的银行卡，并开具贷项通知单 ${v.creditNote}。您可以在门户中发票旁下载。`,
      },
    },
    findings: {
      notHttps: '链接未使用 https。',
      ipHost: '链接指向 IP 地址，而不是域名。',
      credentialsInUrl: '链接包含用户名或密码。',
      punycodeHost: '域名使用了形似的字母。',
      shortener: '链接经过缩短（{{domain}}）；请使用完整地址。',
      blockedDomain: '不允许使用域名 {{domain}}。',
      prohibitedTerm: '包含“{{term}}”，该词需要人工审核。',
      foreignTargetDomain: '链接指向 {{target}}，而不是您的网站（{{own}}）。',
      unreadableUrl: '无法读取该链接。',
      mixedScript: '“{{word}}”一词混用了不同文字的字母。',
    },
    reason: '原因',
    open: '打开商家门户',
  },
  hi: {
    yourCampaign: 'आपका अभियान',
    kinds: {
      'campaign-held': {
        subject: (v) => `“${v.campaign}” समीक्षा की प्रतीक्षा में है`,
        body: (v) =>
          `हमारी स्वचालित जाँच ने “${v.campaign}” को किसी व्यक्ति की समीक्षा के लिए रोका है। स्वीकृति तक यह नहीं चलेगा। जाँच में मिला:`,
      },
      'campaign-approved': {
        subject: (v) => `“${v.campaign}” स्वीकृत है`,
        body: (v) => `“${v.campaign}” स्वीकृत हो गया है और चल सकता है।`,
      },
      'campaign-changes-requested': {
        subject: (v) => `“${v.campaign}” में बदलाव का अनुरोध`,
        body: (v) => `हमारे समीक्षक “${v.campaign}” में बदलाव चाहते हैं। इसे संपादित करें, फिर इसकी दोबारा समीक्षा होगी।`,
      },
      'campaign-rejected': {
        subject: (v) => `“${v.campaign}” स्वीकृत नहीं हुआ`,
        body: (v) => `“${v.campaign}” स्वीकृत नहीं हुआ और नहीं चलेगा।`,
      },
      'verification-approved': {
        subject: () => `आपका व्यवसाय सत्यापित है`,
        body: () => `आपके व्यवसाय का सत्यापन स्वीकृत हुआ: अब आप अधिक बजट रख सकते हैं।`,
      },
      'verification-rejected': {
        subject: () => `आपके व्यवसाय का सत्यापन स्वीकृत नहीं हुआ`,
        body: () => `आपके व्यवसाय का सत्यापन स्वीकृत नहीं हुआ। आप पोर्टल से नए दस्तावेज़ भेज सकते हैं।`,
      },
      'budget-80': {
        subject: (v) => `“${v.campaign}” ने अपने बजट का 80 % खर्च कर दिया`,
        body: (v) => `“${v.campaign}” ने अपने कुल बजट का 80 % खर्च कर दिया है। इसे चलाते रहने के लिए बजट बढ़ाएँ।`,
      },
      'budget-100': {
        subject: (v) => `“${v.campaign}” का बजट खत्म हो गया`,
        body: (v) =>
          `“${v.campaign}” ने अपना पूरा बजट खर्च कर दिया है और अब नहीं दिख रहा। फिर चलाने के लिए बजट बढ़ाएँ।`,
      },
      'charge-failed': {
        subject: () => `आपके कार्ड से भुगतान नहीं हो सका`,
        body: (v) =>
          `हम आपके कार्ड से ${v.amount} नहीं ले सके। कार्ड जाँचें या सेटिंग्स में दूसरा कार्ड जोड़ें; हम अपने आप फिर कोशिश करेंगे।`,
      },
      'account-suspended': {
        subject: () => `आपके अभियान रोक दिए गए हैं`,
        body: () =>
          `एक विवरण का भुगतान बाकी होने से आपका खाता निलंबित है और अभियान रुके हैं। फिर शुरू करने के लिए सेटिंग्स में काम करने वाला कार्ड जोड़ें।`,
      },
      'statement-issued': {
        subject: (v) => `आपका विवरण और चालान ${v.invoice} तैयार है`,
        body: (v) =>
          `${v.amount} का आपका विवरण और उसका चालान ${v.invoice} जारी हो गया है। आप पोर्टल से चालान डाउनलोड कर सकते हैं।`,
      },
      'refund-issued': {
        subject: (v) => `${v.amount} की धनवापसी और क्रेडिट नोट ${v.creditNote}`,
        body: (v) =>
          `हमने चालान ${v.invoice} के ${v.amount} आपके कार्ड में लौटा दिए हैं और क्रेडिट नोट ${v.creditNote} जारी किया है। आप इसे पोर्टल में चालान के पास डाउनलोड कर सकते हैं।`,
      },
    },
    findings: {
      notHttps: 'लिंक https का उपयोग नहीं करता।',
      ipHost: 'लिंक किसी डोमेन के बजाय IP पते पर जाता है।',
      credentialsInUrl: 'लिंक में उपयोगकर्ता नाम या पासवर्ड है।',
      punycodeHost: 'डोमेन में मिलते-जुलते दिखने वाले अक्षर हैं।',
      shortener: 'लिंक छोटा किया गया है ({{domain}}); पूरा पता उपयोग करें।',
      blockedDomain: 'डोमेन {{domain}} की अनुमति नहीं है।',
      prohibitedTerm: 'इसमें “{{term}}” है, जिसे किसी व्यक्ति को जाँचना होगा।',
      foreignTargetDomain: 'लिंक {{target}} पर जाता है, आपकी वेबसाइट ({{own}}) पर नहीं।',
      unreadableUrl: 'लिंक पढ़ा नहीं जा सकता।',
      mixedScript: 'शब्द “{{word}}” में अलग-अलग लिपियों के अक्षर मिले हैं।',
    },
    reason: 'कारण',
    open: 'बिज़नेस पोर्टल खोलें',
  },
  es: {
    yourCampaign: 'tu campaña',
    kinds: {
      'campaign-held': {
        subject: (v) => `«${v.campaign}» espera revisión`,
        body: (v) =>
          `Nuestra comprobación automática retuvo «${v.campaign}» para que la revise una persona. No se muestra hasta que se apruebe. Lo que encontró:`,
      },
      'campaign-approved': {
        subject: (v) => `«${v.campaign}» está aprobada`,
        body: (v) => `«${v.campaign}» fue aprobada y puede mostrarse.`,
      },
      'campaign-changes-requested': {
        subject: (v) => `Se piden cambios en «${v.campaign}»`,
        body: (v) => `Nuestro revisor pide cambios en «${v.campaign}». Edítala y se revisará de nuevo.`,
      },
      'campaign-rejected': {
        subject: (v) => `«${v.campaign}» no fue aprobada`,
        body: (v) => `«${v.campaign}» no fue aprobada y no se mostrará.`,
      },
      'verification-approved': {
        subject: () => `Tu empresa está verificada`,
        body: () => `Se aprobó la verificación de tu empresa: ya puedes usar presupuestos más altos.`,
      },
      'verification-rejected': {
        subject: () => `La verificación de tu empresa no fue aprobada`,
        body: () =>
          `La verificación de tu empresa no fue aprobada. Puedes enviar nuevos documentos desde el portal.`,
      },
      'budget-80': {
        subject: (v) => `«${v.campaign}» gastó el 80 % de su presupuesto`,
        body: (v) =>
          `«${v.campaign}» gastó el 80 % de su presupuesto total. Auméntalo para que siga mostrándose.`,
      },
      'budget-100': {
        subject: (v) => `«${v.campaign}» agotó su presupuesto`,
        body: (v) =>
          `«${v.campaign}» gastó todo su presupuesto y dejó de mostrarse. Auméntalo para volver a mostrarla.`,
      },
      'charge-failed': {
        subject: () => `No se pudo cobrar a tu tarjeta`,
        body: (v) =>
          `No pudimos cobrar ${v.amount} a tu tarjeta. Revisa la tarjeta o añade otra en Configuración; lo intentaremos de nuevo automáticamente.`,
      },
      'account-suspended': {
        subject: () => `Tus campañas están en pausa`,
        body: () =>
          `Tu cuenta está suspendida y tus campañas en pausa porque un extracto sigue sin pagar. Añade una tarjeta que funcione en Configuración para reanudarlas.`,
      },
      'statement-issued': {
        subject: (v) => `Tu extracto y la factura ${v.invoice} están listos`,
        body: (v) =>
          `Se emitieron tu extracto de ${v.amount} y su factura ${v.invoice}. Puedes descargar la factura en el portal.`,
      },
      'refund-issued': {
        subject: (v) => `Reembolso de ${v.amount} y factura rectificativa ${v.creditNote}`,
        body: (v) =>
          `Reembolsamos ${v.amount} de la factura ${v.invoice} a tu tarjeta y emitimos la factura rectificativa ${v.creditNote}. Puedes descargarla junto a la factura en el portal.`,
      },
    },
    findings: {
      notHttps: 'El enlace no usa https.',
      ipHost: 'El enlace apunta a una dirección IP, no a un dominio.',
      credentialsInUrl: 'El enlace contiene un usuario o una contraseña.',
      punycodeHost: 'El dominio usa letras que imitan a otras.',
      shortener: 'El enlace está acortado ({{domain}}); usa la dirección completa.',
      blockedDomain: 'El dominio {{domain}} no está permitido.',
      prohibitedTerm: 'Contiene «{{term}}», un término que debe revisar una persona.',
      foreignTargetDomain: 'El enlace va a {{target}}, no a tu sitio web ({{own}}).',
      unreadableUrl: 'El enlace no se puede leer.',
      mixedScript: 'La palabra «{{word}}» mezcla letras de distintos alfabetos.',
    },
    reason: 'Motivo',
    open: 'Abrir el portal de empresas',
  },
  fr: {
    yourCampaign: 'votre campagne',
    kinds: {
      'campaign-held': {
        subject: (v) => `« ${v.campaign} » attend une vérification`,
        body: (v) =>
          `Notre contrôle automatique a retenu « ${v.campaign} » pour qu’une personne la vérifie. Elle ne sera diffusée qu’une fois approuvée. Ce que le contrôle a trouvé :`,
      },
      'campaign-approved': {
        subject: (v) => `« ${v.campaign} » est approuvée`,
        body: (v) => `« ${v.campaign} » a été approuvée et peut être diffusée.`,
      },
      'campaign-changes-requested': {
        subject: (v) => `Des modifications sont demandées pour « ${v.campaign} »`,
        body: (v) =>
          `Notre modérateur demande des modifications de « ${v.campaign} ». Modifiez-la et elle sera vérifiée à nouveau.`,
      },
      'campaign-rejected': {
        subject: (v) => `« ${v.campaign} » n’a pas été approuvée`,
        body: (v) => `« ${v.campaign} » n’a pas été approuvée et ne sera pas diffusée.`,
      },
      'verification-approved': {
        subject: () => `Votre entreprise est vérifiée`,
        body: () =>
          `La vérification de votre entreprise a été acceptée : des budgets plus élevés vous sont ouverts.`,
      },
      'verification-rejected': {
        subject: () => `La vérification de votre entreprise n’a pas été acceptée`,
        body: () =>
          `La vérification de votre entreprise n’a pas été acceptée. Vous pouvez envoyer de nouveaux documents depuis le portail.`,
      },
      'budget-80': {
        subject: (v) => `« ${v.campaign} » a dépensé 80 % de son budget`,
        body: (v) =>
          `« ${v.campaign} » a dépensé 80 % de son budget total. Augmentez le budget pour qu’elle continue.`,
      },
      'budget-100': {
        subject: (v) => `« ${v.campaign} » a épuisé son budget`,
        body: (v) =>
          `« ${v.campaign} » a dépensé tout son budget et n’est plus diffusée. Augmentez le budget pour la relancer.`,
      },
      'charge-failed': {
        subject: () => `Le paiement par votre carte n’a pas abouti`,
        body: (v) =>
          `Nous n’avons pas pu débiter ${v.amount} de votre carte. Vérifiez la carte ou ajoutez-en une autre dans les Paramètres ; nous réessaierons automatiquement.`,
      },
      'account-suspended': {
        subject: () => `Vos campagnes sont en pause`,
        body: () =>
          `Votre compte est suspendu et vos campagnes en pause car un relevé reste impayé. Ajoutez une carte valide dans les Paramètres pour les reprendre.`,
      },
      'statement-issued': {
        subject: (v) => `Votre relevé et la facture ${v.invoice} sont prêts`,
        body: (v) =>
          `Votre relevé de ${v.amount} et sa facture ${v.invoice} ont été émis. Vous pouvez télécharger la facture dans le portail.`,
      },
      'refund-issued': {
        subject: (v) => `Remboursement de ${v.amount} et avoir ${v.creditNote}`,
        body: (v) =>
          `Nous avons remboursé ${v.amount} de la facture ${v.invoice} sur votre carte et émis l’avoir ${v.creditNote}. Vous pouvez le télécharger à côté de la facture dans le portail.`,
      },
    },
    findings: {
      notHttps: 'Le lien n’utilise pas https.',
      ipHost: 'Le lien pointe vers une adresse IP, pas vers un domaine.',
      credentialsInUrl: 'Le lien contient un nom d’utilisateur ou un mot de passe.',
      punycodeHost: 'Le domaine utilise des lettres trompeuses.',
      shortener: 'Le lien est raccourci ({{domain}}) ; utilisez l’adresse complète.',
      blockedDomain: 'Le domaine {{domain}} n’est pas autorisé.',
      prohibitedTerm: 'Il contient « {{term}} », un terme qu’une personne doit vérifier.',
      foreignTargetDomain: 'Le lien mène à {{target}}, pas à votre site ({{own}}).',
      unreadableUrl: 'Le lien est illisible.',
      mixedScript: 'Le mot « {{word}} » mélange des lettres de différents alphabets.',
    },
    reason: 'Motif',
    open: 'Ouvrir le portail professionnel',
  },
};

const SUBJECT_MAX = 200;

/** A finding in the reader's language, with what it names; the check's English when its code is unknown. */
function findingText(
  finding: NonNullable<AdvertiserNoticeRaisedV1Data['findings']>[number],
  w: Words,
): string {
  const template = finding.code ? w.findings[finding.code] : undefined;
  if (!template) return finding.reason;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => finding.params?.[name] ?? '');
}

/**
 * The notice's amount as the reader writes money: minor units of the notice's currency (cents, or whole yen
 * for JPY, which has none), written from their digits ('$14.20', '¥14,198', '1 234,56 €'). A currency
 * billing does not bill in (never sent today) is read as having cents.
 */
export function amountText(data: AdvertiserNoticeRaisedV1Data, language: Language): string {
  if (data.amountCents === undefined) return '';
  const currency = (data.currency ?? 'USD').toUpperCase();
  if (isBillingCurrency(currency)) return formatMinor(data.amountCents, currency, language);
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(
    centsToDollars(data.amountCents),
  );
}

function contentIn(data: AdvertiserNoticeRaisedV1Data, language: Language, link: string): MailContent {
  const w = words[language];
  const values: Values = {
    campaign: data.campaignTitle ?? w.yourCampaign,
    amount: amountText(data, language),
    invoice: data.invoiceNumber ?? '',
    creditNote: data.creditNoteNumber ?? '',
  };
  const kind = w.kinds[data.kind];
  const subject = kind.subject(values);
  const findings =
    data.kind === 'campaign-held' ? (data.findings ?? []).map((f) => `- ${findingText(f, w)}`) : [];
  const text = [
    kind.body(values),
    ...findings,
    ...(data.reason ? ['', `${w.reason}: ${data.reason}`] : []),
    '',
    `${w.open}: ${link}`,
  ].join('\n');
  return { subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject, text };
}

/**
 * The advertiser's mail about a notice, in every language of the product: the relay picks the person's own,
 * adds the unsubscribe footer of its type and sends nothing when they turned that type off. What a reviewer
 * wrote is quoted as text; the relay escapes it in the HTML form.
 */
export function advertiserNoticeMail(
  data: AdvertiserNoticeRaisedV1Data,
  publicUrl: string | undefined,
): InternalMailRequest {
  const link = advertiserPortalLink(publicUrl);
  const content = Object.fromEntries(
    languages.map((language) => [language, contentIn(data, language, link)]),
  );
  return {
    mailId: advertiserNoticeMailId(data.noticeId),
    type: advertiserNoticeMailType[data.kind],
    userId: data.userId,
    content: content as InternalMailRequest['content'],
  };
}
