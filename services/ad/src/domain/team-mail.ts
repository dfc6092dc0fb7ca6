import {
  languages,
  type AdvertiserMemberRole,
  type InternalMailRequest,
  type Language,
  type MailContent,
} from '@laundry/contracts';

interface Words {
  subject: (business: string) => string;
  intro: (business: string) => string;
  roles: Record<AdvertiserMemberRole, string>;
  action: string;
  signIn: string;
  validity: (days: number) => string;
  ignore: string;
}

/** The invitation's mail, in each language of the product. */
const words: Record<Language, Words> = {
  en: {
    subject: (business) => `You are invited to work on ${business}'s ads`,
    intro: (business) =>
      `The owner of ${business} invited you to its team on Laundromat Finder's business portal.`,
    roles: {
      manager:
        'As a manager you may create and change campaigns and the business profile; billing stays with the owner.',
      viewer: 'As a viewer you may see the campaigns and their reports.',
    },
    action: 'Accept the invitation',
    signIn: 'Sign in (or create an account) with this e-mail address to accept it.',
    validity: (days) => `The link works for ${days} days.`,
    ignore: 'If you do not know this business, ignore this mail: nothing changes unless you accept.',
  },
  zh: {
    subject: (business) => `您受邀管理 ${business} 的广告`,
    intro: (business) => `${business} 的所有者邀请您加入其在 Laundromat Finder 商家门户中的团队。`,
    roles: {
      manager: '作为经理，您可以创建和修改广告活动及商家资料；账单仍由所有者管理。',
      viewer: '作为查看者，您可以查看广告活动及其报告。',
    },
    action: '接受邀请',
    signIn: '请使用此电子邮件地址登录（或创建账户）以接受邀请。',
    validity: (days) => `该链接 ${days} 天内有效。`,
    ignore: '如果您不认识这家商家，请忽略此邮件：除非您接受，否则什么都不会改变。',
  },
  hi: {
    subject: (business) => `आपको ${business} के विज्ञापनों पर काम करने के लिए आमंत्रित किया गया है`,
    intro: (business) =>
      `${business} के मालिक ने आपको Laundromat Finder के बिज़नेस पोर्टल पर अपनी टीम में आमंत्रित किया है।`,
    roles: {
      manager: 'मैनेजर के रूप में आप अभियान और बिज़नेस प्रोफ़ाइल बना और बदल सकते हैं; बिलिंग मालिक के पास रहती है।',
      viewer: 'व्यूअर के रूप में आप अभियान और उनकी रिपोर्ट देख सकते हैं।',
    },
    action: 'आमंत्रण स्वीकार करें',
    signIn: 'स्वीकार करने के लिए इसी ई-मेल पते से साइन इन करें (या खाता बनाएँ)।',
    validity: (days) => `यह लिंक ${days} दिनों तक मान्य है।`,
    ignore: 'यदि आप इस व्यवसाय को नहीं जानते, तो इस मेल को अनदेखा करें: स्वीकार किए बिना कुछ नहीं बदलता।',
  },
  es: {
    subject: (business) => `Te invitan a trabajar en los anuncios de ${business}`,
    intro: (business) =>
      `El propietario de ${business} te ha invitado a su equipo en el portal de empresas de Laundromat Finder.`,
    roles: {
      manager:
        'Como gestor puedes crear y cambiar campañas y el perfil de la empresa; la facturación queda en manos del propietario.',
      viewer: 'Como lector puedes ver las campañas y sus informes.',
    },
    action: 'Aceptar la invitación',
    signIn: 'Inicia sesión (o crea una cuenta) con esta dirección de correo para aceptarla.',
    validity: (days) => `El enlace funciona durante ${days} días.`,
    ignore: 'Si no conoces esta empresa, ignora este correo: nada cambia a menos que aceptes.',
  },
  fr: {
    subject: (business) => `Vous êtes invité à gérer les annonces de ${business}`,
    intro: (business) =>
      `Le propriétaire de ${business} vous a invité dans son équipe sur le portail professionnel de Laundromat Finder.`,
    roles: {
      manager:
        'En tant que gestionnaire, vous pouvez créer et modifier les campagnes et le profil de l’entreprise ; la facturation reste au propriétaire.',
      viewer: 'En tant que lecteur, vous pouvez consulter les campagnes et leurs rapports.',
    },
    action: 'Accepter l’invitation',
    signIn: 'Connectez-vous (ou créez un compte) avec cette adresse e-mail pour l’accepter.',
    validity: (days) => `Le lien est valable ${days} jours.`,
    ignore:
      'Si vous ne connaissez pas cette entreprise, ignorez ce message : rien ne change sans votre accord.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface TeamInvitationMailInput {
  invitationId: string;
  to: string;
  language: Language;
  businessName: string;
  role: AdvertiserMemberRole;
  /** The portal's Team page with the invitation's secret. */
  link: string;
  validityDays: number;
}

function content(input: TeamInvitationMailInput, language: Language): MailContent {
  const w = words[language];
  const intro = w.intro(input.businessName);
  const text = [
    intro,
    w.roles[input.role],
    '',
    `${w.action}: ${input.link}`,
    '',
    w.signIn,
    w.validity(input.validityDays),
    w.ignore,
  ].join('\n');
  const html =
    `<!doctype html><html lang="${language}"><body>` +
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(w.roles[input.role])}</p>` +
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(w.action)}</a></p>` +
    `<p>${escapeHtml(w.signIn)} ${escapeHtml(w.validity(input.validityDays))}</p>` +
    `<p>${escapeHtml(w.ignore)}</p></body></html>`;
  return { subject: w.subject(input.businessName).slice(0, 200), text, html };
}

/**
 * The invitation to an advertiser's team, as identity sends it (POST /internal/mail): transactional, to an
 * address that may be nobody's account yet, in the language the inviter chose. Its id is the invitation's,
 * so a retried call sends one mail. It names the business, not the inviter's address: identity keeps the
 * mails it sent, and an erased owner's address must not stay in another person's mail.
 */
export function teamInvitationMail(input: TeamInvitationMailInput): InternalMailRequest {
  return {
    mailId: `advertiser-team-invitation:${input.invitationId}`,
    type: 'advertiser.team-invitation',
    to: input.to,
    language: input.language,
    content: Object.fromEntries(
      languages.map((each) => [each, content(input, each)]),
    ) as InternalMailRequest['content'],
  };
}
