import type { PersonalData } from '@laundry/contracts';

/** The words of the export's README.txt in one language; `{{…}}` are filled in. */
interface ReadmeTexts {
  title: string;
  /** With {{email}}. */
  account: string;
  /** With {{time}}. */
  exported: string;
  intro: string[];
  /** With {{count}}: a part's records. */
  records: (count: number) => string;
  /** With {{count}}: a service's stored files. */
  files: (count: number) => string;
  services: string[];
  erase: string;
}

const texts: Record<string, ReadmeTexts> = {
  en: {
    title: 'Laundromat Finder: your data',
    account: 'Account: {{email}}',
    exported: 'Exported: {{time}}',
    intro: [
      'Everything each part of Laundromat Finder holds about you, one folder per service. Every .json file is',
      'a list of records, in the words of the service that keeps them; photos and documents are the stored',
      'files themselves.',
    ],
    records: (count) => `${count} ${count === 1 ? 'record' : 'records'}`,
    files: (count) => `${count} stored ${count === 1 ? 'file' : 'files'}, beside the records that name them`,
    services: [
      'identity: your account, contributions, sessions, cookie choices and e-mail notification choices.',
      'directory: your favourites and the laundromats you submitted.',
      "review: your reviews, and your replies to reviews as a laundromat's owner.",
      'photo: your photos, verification documents and profile image, with their files.',
      'ad: your advertiser profile, campaigns, verification records, advertiser team and audit log entries.',
      'billing: your statements and billing account (never a full card number: the payment provider keeps it).',
    ],
    erase: 'To delete your account and this data, use "Delete my account" on your account page.',
  },
  zh: {
    title: 'Laundromat Finder：您的数据',
    account: '账户：{{email}}',
    exported: '导出时间：{{time}}',
    intro: [
      'Laundromat Finder 各部分保存的关于您的全部数据，每个服务一个文件夹。每个 .json 文件都是一份记录列表，',
      '使用保存它们的服务的字段名称；照片和文件就是所保存的文件本身。',
    ],
    records: (count) => `${count} 条记录`,
    files: (count) => `${count} 个已保存的文件，位于引用它们的记录旁边`,
    services: [
      'identity：您的账户、贡献、登录会话、Cookie 选择和邮件通知设置。',
      'directory：您的收藏和您提交的洗衣店。',
      'review：您的评价。',
      'photo：您的照片、验证文件和头像，以及它们的文件。',
      'ad：您的广告主资料、广告活动、验证记录、广告主团队和审计日志条目。',
      'billing：您的账单和计费账户（从不包含完整卡号：由支付服务商保存）。',
    ],
    erase: '如需删除您的账户和这些数据，请在账户页面使用“删除我的账户”。',
  },
  hi: {
    title: 'Laundromat Finder: आपका डेटा',
    account: 'खाता: {{email}}',
    exported: 'निर्यात किया गया: {{time}}',
    intro: [
      'Laundromat Finder का हर हिस्सा आपके बारे में जो कुछ रखता है, वह सब, हर सेवा का एक फ़ोल्डर। हर .json फ़ाइल',
      'रिकॉर्ड की एक सूची है, उन्हें रखने वाली सेवा के शब्दों में; फ़ोटो और दस्तावेज़ स्वयं संग्रहीत फ़ाइलें हैं।',
    ],
    records: (count) => `${count} रिकॉर्ड`,
    files: (count) => `${count} संग्रहीत फ़ाइलें, उन्हें नाम देने वाले रिकॉर्ड के साथ`,
    services: [
      'identity: आपका खाता, योगदान, सत्र, कुकी विकल्प और ई-मेल सूचना विकल्प।',
      'directory: आपके पसंदीदा और आपके द्वारा जोड़े गए लॉन्ड्रोमैट।',
      'review: आपकी समीक्षाएँ।',
      'photo: आपकी फ़ोटो, सत्यापन दस्तावेज़ और प्रोफ़ाइल चित्र, उनकी फ़ाइलों सहित।',
      'ad: आपकी विज्ञापनदाता प्रोफ़ाइल, अभियान, सत्यापन रिकॉर्ड, विज्ञापनदाता टीम और ऑडिट लॉग प्रविष्टियाँ।',
      'billing: आपके विवरण और बिलिंग खाता (पूरा कार्ड नंबर कभी नहीं: उसे भुगतान प्रदाता रखता है)।',
    ],
    erase: 'अपना खाता और यह डेटा हटाने के लिए, अपने खाता पृष्ठ पर "मेरा खाता हटाएँ" का उपयोग करें।',
  },
  es: {
    title: 'Laundromat Finder: tus datos',
    account: 'Cuenta: {{email}}',
    exported: 'Exportado: {{time}}',
    intro: [
      'Todo lo que cada parte de Laundromat Finder guarda sobre ti, una carpeta por servicio. Cada archivo .json',
      'es una lista de registros, con los nombres del servicio que los guarda; las fotos y los documentos son',
      'los propios archivos guardados.',
    ],
    records: (count) => `${count} ${count === 1 ? 'registro' : 'registros'}`,
    files: (count) =>
      `${count} ${count === 1 ? 'archivo guardado' : 'archivos guardados'}, junto a los registros que los nombran`,
    services: [
      'identity: tu cuenta, tus contribuciones, tus sesiones, tus elecciones de cookies y de notificaciones por correo.',
      'directory: tus favoritos y las lavanderías que enviaste.',
      'review: tus reseñas.',
      'photo: tus fotos, tus documentos de verificación y tu imagen de perfil, con sus archivos.',
      'ad: tu perfil de anunciante, tus campañas, tus registros de verificación, tu equipo de anunciante y tus entradas del registro de auditoría.',
      'billing: tus extractos y tu cuenta de facturación (nunca el número completo de la tarjeta: lo guarda el proveedor de pagos).',
    ],
    erase: 'Para eliminar tu cuenta y estos datos, usa «Eliminar mi cuenta» en la página de tu cuenta.',
  },
  fr: {
    title: 'Laundromat Finder : vos données',
    account: 'Compte : {{email}}',
    exported: 'Exporté le : {{time}}',
    intro: [
      'Tout ce que chaque partie de Laundromat Finder conserve à votre sujet, un dossier par service. Chaque',
      'fichier .json est une liste d’enregistrements, dans les termes du service qui les conserve ; les photos et',
      'les documents sont les fichiers conservés eux-mêmes.',
    ],
    records: (count) => `${count} ${count <= 1 ? 'enregistrement' : 'enregistrements'}`,
    files: (count) =>
      `${count} ${count <= 1 ? 'fichier conservé' : 'fichiers conservés'}, à côté des enregistrements qui les nomment`,
    services: [
      'identity : votre compte, vos contributions, vos sessions, vos choix de cookies et de notifications par e-mail.',
      'directory : vos favoris et les laveries que vous avez proposées.',
      'review : vos avis.',
      'photo : vos photos, vos documents de vérification et votre image de profil, avec leurs fichiers.',
      'ad : votre profil d’annonceur, vos campagnes, vos dossiers de vérification, votre équipe d’annonceur et vos entrées du journal d’audit.',
      'billing : vos relevés et votre compte de facturation (jamais le numéro complet de la carte : le prestataire de paiement le conserve).',
    ],
    erase:
      'Pour supprimer votre compte et ces données, utilisez « Supprimer mon compte » sur la page de votre compte.',
  },
};

/** The language the person uses the product in, as identity's part of the export says; English otherwise. */
export function readmeLanguage(gathered: Array<[string, PersonalData]>): string {
  const account = gathered.find(([service]) => service === 'identity')?.[1].parts.account;
  const language = Array.isArray(account)
    ? (account[0] as { language?: unknown } | undefined)?.language
    : undefined;
  return typeof language === 'string' && language in texts ? language : 'en';
}

/** README.txt of the export: what it holds, part by part, in the person's language. */
export function archiveReadme(
  email: string,
  exportedAt: Date,
  gathered: Array<[string, PersonalData]>,
): string {
  const words = texts[readmeLanguage(gathered)]!;
  const lines = [
    words.title,
    '',
    words.account.replace('{{email}}', () => email),
    words.exported.replace('{{time}}', () => exportedAt.toISOString()),
    '',
    ...words.intro,
    '',
  ];
  for (const [service, data] of gathered) {
    lines.push(`${service}/`);
    for (const [part, records] of Object.entries(data.parts)) {
      lines.push(`  ${part}.json (${words.records(Array.isArray(records) ? records.length : 1)})`);
    }
    if (data.files.length > 0) lines.push(`  ${words.files(data.files.length)}`);
  }
  lines.push('', ...words.services, '', words.erase);
  return lines.join('\n') + '\n';
}
