import type { Language } from '@laundry/contracts';
import type { ErasureMailTexts } from '../domain/erasure-mail.ts';

/** The confirmation of an erased account, in each language of the product. */
const texts: Record<Language, ErasureMailTexts> = {
  en: {
    subject: 'Your Laundromat Finder account is deleted',
    greeting: 'Hello,',
    body: 'As you asked, your Laundromat Finder account is deleted and you are signed out everywhere. Your favourites, photos and advertiser details are being erased; your reviews stay as "Anonymous User", and billing keeps only the accounting records the law requires, without your name.',
    followUp: 'If you did not ask for this, reply to this e-mail.',
    signature: 'The Laundromat Finder team',
  },
  zh: {
    subject: '您的 Laundromat Finder 账户已删除',
    greeting: '您好，',
    body: '按照您的要求，您的 Laundromat Finder 账户已删除，您已在所有设备上退出登录。您的收藏、照片和广告主资料正在被清除；您的评价将以“匿名用户”保留，账单只保留法律要求的会计记录，且不含您的姓名。',
    followUp: '如果这不是您本人的操作，请回复此邮件。',
    signature: 'Laundromat Finder 团队',
  },
  hi: {
    subject: 'आपका Laundromat Finder खाता हटा दिया गया है',
    greeting: 'नमस्ते,',
    body: 'आपके अनुरोध के अनुसार आपका Laundromat Finder खाता हटा दिया गया है और आप हर जगह से साइन आउट हो गए हैं। आपके पसंदीदा, फ़ोटो और विज्ञापनदाता विवरण मिटाए जा रहे हैं; आपकी समीक्षाएँ "अनाम उपयोगकर्ता" के रूप में रहेंगी, और बिलिंग केवल वे लेखा रिकॉर्ड रखती है जो कानून के अनुसार ज़रूरी हैं, आपके नाम के बिना।',
    followUp: 'यदि आपने यह अनुरोध नहीं किया था, तो इस ई-मेल का उत्तर दें।',
    signature: 'Laundromat Finder टीम',
  },
  es: {
    subject: 'Tu cuenta de Laundromat Finder se ha eliminado',
    greeting: 'Hola:',
    body: 'Como pediste, tu cuenta de Laundromat Finder se ha eliminado y se ha cerrado tu sesión en todas partes. Tus favoritos, fotos y datos de anunciante se están borrando; tus reseñas se conservan como «Usuario anónimo» y la facturación solo guarda los registros contables que exige la ley, sin tu nombre.',
    followUp: 'Si no lo pediste tú, responde a este correo.',
    signature: 'El equipo de Laundromat Finder',
  },
  fr: {
    subject: 'Votre compte Laundromat Finder est supprimé',
    greeting: 'Bonjour,',
    body: 'Comme vous l’avez demandé, votre compte Laundromat Finder est supprimé et vous êtes déconnecté partout. Vos favoris, vos photos et vos informations d’annonceur sont en cours d’effacement ; vos avis restent sous « Utilisateur anonyme », et la facturation ne garde que les écritures comptables exigées par la loi, sans votre nom.',
    followUp: 'Si vous n’êtes pas à l’origine de cette demande, répondez à cet e-mail.',
    signature: 'L’équipe Laundromat Finder',
  },
};

export const erasureMailTexts = (language: Language): ErasureMailTexts => texts[language] ?? texts.en;
