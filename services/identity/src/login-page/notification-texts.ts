import type { Language, NotificationType } from '@laundry/contracts';

/** A notification mail's footer and the unsubscribe link's pages, in one language. */
export interface NotificationTexts {
  /** What each type of mail is about, as the footer and the pages name it. */
  types: Record<NotificationType, string>;
  /** `{{topic}}` is the type's name. */
  footer: string;
  unsubscribe: string;
  pageTitle: string;
  confirmHeading: string;
  /** `{{topic}}` is the type's name. */
  confirmText: string;
  confirmButton: string;
  doneHeading: string;
  doneText: string;
  /** Where every type can be turned on again. */
  manage: string;
  invalidHeading: string;
  invalidText: string;
}

/** The words of the notification mails' footer and the unsubscribe pages, in each language of the product. */
const texts: Record<Language, NotificationTexts> = {
  en: {
    types: {
      'owner.review': 'new reviews of your laundromats',
      'owner.suggestion': 'edits suggested for your laundromats',
      'owner.out-of-order': 'machines reported out of order',
      'owner.claim-decided': 'decisions on your ownership claims',
      'advertiser.campaign-decided': 'decisions on your campaigns',
      'advertiser.budget': 'your campaigns’ budgets',
      'advertiser.billing': 'billing and payments',
      'advertiser.account': 'your advertiser account',
      'reviewer.owner-reply': 'replies to your reviews',
    },
    footer: 'You get this e-mail because notifications about {{topic}} are on for your account.',
    unsubscribe: 'Unsubscribe',
    pageTitle: 'E-mail notifications',
    confirmHeading: 'Stop these e-mails?',
    confirmText: 'You will no longer get e-mails about {{topic}}.',
    confirmButton: 'Unsubscribe',
    doneHeading: 'You are unsubscribed',
    doneText: 'You will no longer get e-mails about {{topic}}.',
    manage: 'You can turn any notification on again on your account page.',
    invalidHeading: 'This link does not work',
    invalidText:
      'The unsubscribe link is not valid or has expired. Choose your e-mails on your account page.',
  },
  zh: {
    types: {
      'owner.review': '您的洗衣店收到的新评价',
      'owner.suggestion': '对您的洗衣店提出的修改建议',
      'owner.out-of-order': '被报告故障的机器',
      'owner.claim-decided': '您的店主认领的审核结果',
      'advertiser.campaign-decided': '您的广告活动的审核结果',
      'advertiser.budget': '您的广告活动预算',
      'advertiser.billing': '账单和付款',
      'advertiser.account': '您的广告主账户',
      'reviewer.owner-reply': '对您的评价的回复',
    },
    footer: '您收到此邮件，是因为您的账户开启了关于“{{topic}}”的通知。',
    unsubscribe: '退订',
    pageTitle: '邮件通知',
    confirmHeading: '不再接收这些邮件？',
    confirmText: '您将不再收到关于“{{topic}}”的邮件。',
    confirmButton: '退订',
    doneHeading: '您已退订',
    doneText: '您将不再收到关于“{{topic}}”的邮件。',
    manage: '您可以随时在账户页面重新开启任何通知。',
    invalidHeading: '此链接无效',
    invalidText: '退订链接无效或已过期。请在账户页面选择您要接收的邮件。',
  },
  hi: {
    types: {
      'owner.review': 'आपके लॉन्ड्रोमैट की नई समीक्षाएँ',
      'owner.suggestion': 'आपके लॉन्ड्रोमैट के लिए सुझाए गए बदलाव',
      'owner.out-of-order': 'ख़राब बताई गई मशीनें',
      'owner.claim-decided': 'आपके स्वामित्व दावों पर निर्णय',
      'advertiser.campaign-decided': 'आपके अभियानों पर निर्णय',
      'advertiser.budget': 'आपके अभियानों का बजट',
      'advertiser.billing': 'बिलिंग और भुगतान',
      'advertiser.account': 'आपका विज्ञापनदाता खाता',
      'reviewer.owner-reply': 'आपकी समीक्षाओं के जवाब',
    },
    footer: 'आपको यह ई-मेल इसलिए मिला क्योंकि आपके खाते में "{{topic}}" की सूचनाएँ चालू हैं।',
    unsubscribe: 'सदस्यता छोड़ें',
    pageTitle: 'ई-मेल सूचनाएँ',
    confirmHeading: 'ये ई-मेल बंद करें?',
    confirmText: 'आपको "{{topic}}" के बारे में ई-मेल अब नहीं मिलेंगे।',
    confirmButton: 'सदस्यता छोड़ें',
    doneHeading: 'आपने सदस्यता छोड़ दी है',
    doneText: 'आपको "{{topic}}" के बारे में ई-मेल अब नहीं मिलेंगे।',
    manage: 'आप अपने खाते के पेज पर कोई भी सूचना फिर से चालू कर सकते हैं।',
    invalidHeading: 'यह लिंक काम नहीं करता',
    invalidText: 'सदस्यता छोड़ने का लिंक मान्य नहीं है या उसकी अवधि समाप्त हो गई है। अपने खाते के पेज पर अपने ई-मेल चुनें।',
  },
  es: {
    types: {
      'owner.review': 'nuevas reseñas de tus lavanderías',
      'owner.suggestion': 'cambios sugeridos para tus lavanderías',
      'owner.out-of-order': 'máquinas averiadas según los usuarios',
      'owner.claim-decided': 'decisiones sobre tus solicitudes de propiedad',
      'advertiser.campaign-decided': 'decisiones sobre tus campañas',
      'advertiser.budget': 'el presupuesto de tus campañas',
      'advertiser.billing': 'facturación y pagos',
      'advertiser.account': 'tu cuenta de anunciante',
      'reviewer.owner-reply': 'respuestas a tus reseñas',
    },
    footer: 'Recibes este correo porque tu cuenta tiene activadas las notificaciones sobre {{topic}}.',
    unsubscribe: 'Darse de baja',
    pageTitle: 'Notificaciones por correo',
    confirmHeading: '¿Dejar de recibir estos correos?',
    confirmText: 'Ya no recibirás correos sobre {{topic}}.',
    confirmButton: 'Darse de baja',
    doneHeading: 'Te has dado de baja',
    doneText: 'Ya no recibirás correos sobre {{topic}}.',
    manage: 'Puedes volver a activar cualquier notificación en la página de tu cuenta.',
    invalidHeading: 'Este enlace no funciona',
    invalidText:
      'El enlace para darse de baja no es válido o ha caducado. Elige tus correos en la página de tu cuenta.',
  },
  fr: {
    types: {
      'owner.review': 'les nouveaux avis sur vos laveries',
      'owner.suggestion': 'les modifications proposées pour vos laveries',
      'owner.out-of-order': 'les machines signalées en panne',
      'owner.claim-decided': 'les décisions sur vos demandes de propriété',
      'advertiser.campaign-decided': 'les décisions sur vos campagnes',
      'advertiser.budget': 'le budget de vos campagnes',
      'advertiser.billing': 'la facturation et les paiements',
      'advertiser.account': 'votre compte d’annonceur',
      'reviewer.owner-reply': 'les réponses à vos avis',
    },
    footer: 'Vous recevez cet e-mail car les notifications sur {{topic}} sont activées pour votre compte.',
    unsubscribe: 'Se désabonner',
    pageTitle: 'Notifications par e-mail',
    confirmHeading: 'Ne plus recevoir ces e-mails ?',
    confirmText: 'Vous ne recevrez plus d’e-mails sur {{topic}}.',
    confirmButton: 'Se désabonner',
    doneHeading: 'Vous êtes désabonné',
    doneText: 'Vous ne recevrez plus d’e-mails sur {{topic}}.',
    manage: 'Vous pouvez réactiver n’importe quelle notification sur la page de votre compte.',
    invalidHeading: 'Ce lien ne fonctionne pas',
    invalidText:
      'Le lien de désabonnement n’est pas valide ou a expiré. Choisissez vos e-mails sur la page de votre compte.',
  },
};

export const notificationTexts = (language: Language): NotificationTexts => texts[language] ?? texts.en;
