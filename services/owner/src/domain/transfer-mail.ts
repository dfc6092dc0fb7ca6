import { languages, type InternalMailRequest, type Language, type MailContent } from '@laundry/contracts';

interface Words {
  subject: (laundromat: string) => string;
  intro: (laundromat: string, from: string) => string;
  how: (to: string) => string;
  button: string;
  validity: string;
  ignore: string;
}

/** The transfer's mail, in each language of the product. */
const words: Record<Language, Words> = {
  en: {
    subject: (name) => `${name} is being handed over to you on Laundromat Finder`,
    intro: (name, from) =>
      `${from}, the verified owner of ${name} on Laundromat Finder, wants to hand it over to you.`,
    how: (to) =>
      `Open the link, sign in with ${to} (or create an account with it) and accept: the laundromat's listing, photos, replies to reviews and promotion are then yours.`,
    button: 'See the transfer',
    validity: 'The link works for 7 days, unless the owner cancels it.',
    ignore: 'If you did not expect this, ignore this mail: nothing changes unless you accept.',
  },
  zh: {
    subject: (name) => `${name} 正在 Laundromat Finder 上转让给您`,
    intro: (name, from) => `${from} 是 ${name} 在 Laundromat Finder 上经过验证的店主，想把这家店转让给您。`,
    how: (to) =>
      `打开链接，用 ${to} 登录（或用它创建账户）并接受：此后这家洗衣店的信息、照片、评价回复和推广都归您管理。`,
    button: '查看转让',
    validity: '链接 7 天内有效，除非店主取消。',
    ignore: '如果您没有预料到这封邮件，请忽略它：除非您接受，否则什么都不会改变。',
  },
  hi: {
    subject: (name) => `Laundromat Finder पर ${name} आपको सौंपा जा रहा है`,
    intro: (name, from) => `Laundromat Finder पर ${name} के सत्यापित मालिक ${from} इसे आपको सौंपना चाहते हैं।`,
    how: (to) =>
      `लिंक खोलें, ${to} से साइन इन करें (या इससे खाता बनाएँ) और स्वीकार करें: तब लॉन्ड्रोमैट की लिस्टिंग, फ़ोटो, समीक्षाओं के जवाब और प्रचार आपके होंगे।`,
    button: 'हस्तांतरण देखें',
    validity: 'लिंक 7 दिनों तक काम करता है, जब तक मालिक इसे रद्द न करे।',
    ignore: 'यदि आपको इसकी उम्मीद नहीं थी, तो इस मेल को अनदेखा करें: आपके स्वीकार किए बिना कुछ नहीं बदलता।',
  },
  es: {
    subject: (name) => `Te están traspasando ${name} en Laundromat Finder`,
    intro: (name, from) =>
      `${from}, propietario verificado de ${name} en Laundromat Finder, quiere traspasártela.`,
    how: (to) =>
      `Abre el enlace, inicia sesión con ${to} (o crea una cuenta con esa dirección) y acepta: la ficha de la lavandería, sus fotos, las respuestas a reseñas y su promoción pasarán a ser tuyas.`,
    button: 'Ver el traspaso',
    validity: 'El enlace es válido durante 7 días, salvo que el propietario lo cancele.',
    ignore: 'Si no lo esperabas, ignora este correo: nada cambia a menos que aceptes.',
  },
  fr: {
    subject: (name) => `${name} vous est transférée sur Laundromat Finder`,
    intro: (name, from) =>
      `${from}, propriétaire vérifié de ${name} sur Laundromat Finder, souhaite vous la transférer.`,
    how: (to) =>
      `Ouvrez le lien, connectez-vous avec ${to} (ou créez un compte avec cette adresse) et acceptez : la fiche de la laverie, ses photos, les réponses aux avis et sa promotion seront alors à vous.`,
    button: 'Voir le transfert',
    validity: 'Le lien est valable 7 jours, sauf si le propriétaire l’annule.',
    ignore: 'Si vous ne vous y attendiez pas, ignorez ce message : rien ne change sans votre accord.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the recipient accepts: on PUBLIC_URL, or (unset: the local outbox) a path on its origin. */
export const transferLink = (publicUrl: string | undefined, transferId: string) =>
  `${publicUrl?.replace(/\/+$/, '') ?? ''}/advertiser/transfers/${encodeURIComponent(transferId)}`;

function transferContent(
  laundromatName: string,
  from: string,
  to: string,
  link: string,
  language: Language,
): MailContent {
  const w = words[language];
  const text = [w.intro(laundromatName, from), '', w.how(to), '', link, '', w.validity, w.ignore].join('\n');
  const html =
    `<!doctype html><html lang="${language}"><body>` +
    `<p>${escapeHtml(w.intro(laundromatName, from))}</p>` +
    `<p>${escapeHtml(w.how(to))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>` +
    `<p>${escapeHtml(w.validity)}</p><p>${escapeHtml(w.ignore)}</p></body></html>`;
  return { subject: w.subject(laundromatName), text, html };
}

/**
 * The mail that brings a transfer to its recipient, as identity sends it (POST /internal/mail):
 * transactional, to an address that may be nobody's account yet, in the language the owner chose for them.
 * Its id is the transfer's, so a retried call sends one mail.
 */
export function transferMail(
  transfer: { id: string; toEmail: string },
  from: string,
  laundromatName: string,
  publicUrl: string | undefined,
  language: Language,
): InternalMailRequest {
  const link = transferLink(publicUrl, transfer.id);
  return {
    mailId: `owner-claim-transfer:${transfer.id}`,
    type: 'owner.claim-transfer',
    to: transfer.toEmail,
    language,
    content: Object.fromEntries(
      languages.map((each) => [each, transferContent(laundromatName, from, transfer.toEmail, link, each)]),
    ) as InternalMailRequest['content'],
  };
}
