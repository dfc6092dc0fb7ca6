import { languages, type InternalMailRequest, type Language, type MailContent } from '@laundry/contracts';

interface Words {
  subject: string;
  intro: (laundromat: string) => string;
  validity: string;
  ignore: string;
}

/** The code's mail, in each language of the product. */
const words: Record<Language, Words> = {
  en: {
    subject: 'Your code to claim a laundromat',
    intro: (name) =>
      `Someone asked to be confirmed as the owner of ${name} on Laundromat Finder. The code is:`,
    validity: 'It works for 30 minutes.',
    ignore: 'If you did not ask for this, ignore this mail: nothing changes without the code.',
  },
  zh: {
    subject: '您认领洗衣店的验证码',
    intro: (name) => `有人请求在 Laundromat Finder 上被确认为 ${name} 的店主。验证码是：`,
    validity: '验证码 30 分钟内有效。',
    ignore: '如果这不是您的请求，请忽略此邮件：没有验证码，什么都不会改变。',
  },
  hi: {
    subject: 'लॉन्ड्रोमैट पर दावा करने का आपका कोड',
    intro: (name) => `किसी ने Laundromat Finder पर ${name} के मालिक के रूप में पुष्टि का अनुरोध किया है। कोड है:`,
    validity: 'यह 30 मिनट तक मान्य है।',
    ignore: 'यदि आपने यह अनुरोध नहीं किया, तो इस मेल को अनदेखा करें: कोड के बिना कुछ नहीं बदलता।',
  },
  es: {
    subject: 'Tu código para reclamar una lavandería',
    intro: (name) =>
      `Alguien pidió ser confirmado como propietario de ${name} en Laundromat Finder. El código es:`,
    validity: 'Es válido durante 30 minutos.',
    ignore: 'Si no lo pediste, ignora este correo: nada cambia sin el código.',
  },
  fr: {
    subject: 'Votre code pour revendiquer une laverie',
    intro: (name) =>
      `Quelqu’un a demandé à être confirmé comme propriétaire de ${name} sur Laundromat Finder. Le code est :`,
    validity: 'Il est valable 30 minutes.',
    ignore: 'Si vous n’avez rien demandé, ignorez ce message : rien ne change sans le code.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function claimCodeContent(laundromatName: string, code: string, language: Language): MailContent {
  const w = words[language];
  const text = [w.intro(laundromatName), '', code, '', w.validity, w.ignore].join('\n');
  const html =
    `<!doctype html><html lang="${language}"><body>` +
    `<p>${escapeHtml(w.intro(laundromatName))}</p>` +
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>` +
    `<p>${escapeHtml(w.validity)}</p><p>${escapeHtml(w.ignore)}</p></body></html>`;
  return { subject: w.subject, text, html };
}

/**
 * The mail that carries a claim's code to the address at the laundromat's domain, as identity sends it
 * (POST /internal/mail): transactional, to an address that is nobody's account, in the claimant's
 * language. Its id is the claim's, so a retried call sends one code.
 */
export function claimCodeMail(
  claimId: string,
  to: string,
  laundromatName: string,
  code: string,
  language: Language,
): InternalMailRequest {
  return {
    mailId: `owner-claim-code:${claimId}`,
    type: 'owner.claim-code',
    to,
    language,
    // Every language: identity picks the one given.
    content: Object.fromEntries(
      languages.map((each) => [each, claimCodeContent(laundromatName, code, each)]),
    ) as InternalMailRequest['content'],
  };
}
