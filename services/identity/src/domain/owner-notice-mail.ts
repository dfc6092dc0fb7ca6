import {
  languages,
  type InternalMailRequest,
  type Language,
  type LaundromatOwnerNoticeRaisedV1Data,
  type MailContent,
} from '@laundry/contracts';

/** One mail per notice, however often its event is delivered. */
export const ownerNoticeMailId = (noticeId: string) => `owner-notice:${noticeId}`;

/** Where an owner manages their laundromats (the business portal's page). */
export const ownerPortalLink = (publicUrl: string | undefined) => `${publicUrl ?? ''}/advertiser/laundromats`;

interface Words {
  yourLaundromat: string;
  review: { subject: (name: string) => string; body: (name: string, stars: string) => string };
  suggestion: { subject: (name: string) => string; body: (name: string) => string };
  outOfOrder: { subject: (name: string) => string; body: (name: string) => string };
  washers: string;
  dryers: string;
  claimApproved: { subject: (name: string) => string; body: (name: string) => string };
  claimRejected: { subject: (name: string) => string; body: (name: string) => string };
  reason: string;
  open: string;
}

/** The owner notices in each language of the product. */
const words: Record<Language, Words> = {
  en: {
    yourLaundromat: 'your laundromat',
    review: {
      subject: (name) => `New review of ${name}`,
      body: (name, stars) => `Someone reviewed ${name}${stars}. You can read it and reply to it.`,
    },
    suggestion: {
      subject: (name) => `An edit was suggested for ${name}`,
      body: (name) =>
        `Someone suggested a change to ${name}. As its owner you decide first: accept or reject it within 7 days, after which our team decides.`,
    },
    outOfOrder: {
      subject: (name) => `A machine at ${name} was reported out of order`,
      body: (name) =>
        `A visitor reported machines at ${name} out of order. Mark them fixed once they work again.`,
    },
    claimApproved: {
      subject: (name) => `You are now the verified owner of ${name}`,
      body: (name) => `Your claim of ${name} was approved. You can now keep its listing up to date.`,
    },
    claimRejected: {
      subject: (name) => `Your claim of ${name} was not approved`,
      body: (name) => `Your claim of ${name} was not approved.`,
    },
    reason: 'Reason',
    washers: 'Washers',
    dryers: 'Dryers',
    open: 'Open your laundromats',
  },
  zh: {
    yourLaundromat: '您的洗衣店',
    review: {
      subject: (name) => `${name} 收到新评价`,
      body: (name, stars) => `有人评价了 ${name}${stars}。您可以查看并回复。`,
    },
    suggestion: {
      subject: (name) => `有人为 ${name} 提出了修改建议`,
      body: (name) =>
        `有人建议修改 ${name} 的信息。作为店主，您可以先做决定：请在 7 天内接受或拒绝，之后将由我们的团队决定。`,
    },
    outOfOrder: {
      subject: (name) => `${name} 有机器被报告故障`,
      body: (name) => `一位访客报告 ${name} 有机器出现故障。修好后请将其标记为已修复。`,
    },
    claimApproved: {
      subject: (name) => `您现在是 ${name} 的认证店主`,
      body: (name) => `您对 ${name} 的认领已获批准。现在您可以维护它的信息。`,
    },
    claimRejected: {
      subject: (name) => `您对 ${name} 的认领未获批准`,
      body: (name) => `您对 ${name} 的认领未获批准。`,
    },
    reason: '原因',
    washers: '洗衣机',
    dryers: '烘干机',
    open: '打开您的洗衣店',
  },
  hi: {
    yourLaundromat: 'आपका लॉन्ड्रोमैट',
    review: {
      subject: (name) => `${name} की नई समीक्षा`,
      body: (name, stars) => `किसी ने ${name} की समीक्षा की${stars}। आप उसे पढ़कर जवाब दे सकते हैं।`,
    },
    suggestion: {
      subject: (name) => `${name} के लिए एक बदलाव सुझाया गया`,
      body: (name) =>
        `किसी ने ${name} में बदलाव का सुझाव दिया है। मालिक के रूप में पहले आप तय करते हैं: 7 दिनों के भीतर स्वीकार या अस्वीकार करें, उसके बाद हमारी टीम तय करेगी।`,
    },
    outOfOrder: {
      subject: (name) => `${name} की एक मशीन ख़राब बताई गई`,
      body: (name) => `एक आगंतुक ने ${name} की मशीनों को ख़राब बताया। ठीक होने पर उन्हें ठीक के रूप में चिह्नित करें।`,
    },
    claimApproved: {
      subject: (name) => `अब आप ${name} के सत्यापित मालिक हैं`,
      body: (name) => `${name} पर आपका दावा स्वीकृत हो गया। अब आप उसकी जानकारी अद्यतन रख सकते हैं।`,
    },
    claimRejected: {
      subject: (name) => `${name} पर आपका दावा स्वीकृत नहीं हुआ`,
      body: (name) => `${name} पर आपका दावा स्वीकृत नहीं हुआ।`,
    },
    reason: 'कारण',
    washers: 'वॉशर',
    dryers: 'ड्रायर',
    open: 'अपने लॉन्ड्रोमैट खोलें',
  },
  es: {
    yourLaundromat: 'tu lavandería',
    review: {
      subject: (name) => `Nueva reseña de ${name}`,
      body: (name, stars) => `Alguien ha reseñado ${name}${stars}. Puedes leerla y responderla.`,
    },
    suggestion: {
      subject: (name) => `Se ha sugerido un cambio para ${name}`,
      body: (name) =>
        `Alguien ha sugerido un cambio en ${name}. Como propietario decides primero: acéptalo o recházalo en 7 días; después decidirá nuestro equipo.`,
    },
    outOfOrder: {
      subject: (name) => `Una máquina de ${name} figura como averiada`,
      body: (name) =>
        `Un visitante indicó máquinas averiadas en ${name}. Márcalas como reparadas cuando vuelvan a funcionar.`,
    },
    claimApproved: {
      subject: (name) => `Ya eres el propietario verificado de ${name}`,
      body: (name) => `Tu solicitud de ${name} ha sido aprobada. Ya puedes mantener su ficha al día.`,
    },
    claimRejected: {
      subject: (name) => `Tu solicitud de ${name} no fue aprobada`,
      body: (name) => `Tu solicitud de ${name} no fue aprobada.`,
    },
    reason: 'Motivo',
    washers: 'Lavadoras',
    dryers: 'Secadoras',
    open: 'Abrir tus lavanderías',
  },
  fr: {
    yourLaundromat: 'votre laverie',
    review: {
      subject: (name) => `Nouvel avis sur ${name}`,
      body: (name, stars) =>
        `Quelqu’un a laissé un avis sur ${name}${stars}. Vous pouvez le lire et y répondre.`,
    },
    suggestion: {
      subject: (name) => `Une modification a été proposée pour ${name}`,
      body: (name) =>
        `Quelqu’un a proposé une modification de ${name}. En tant que propriétaire, vous décidez d’abord : acceptez-la ou refusez-la sous 7 jours, après quoi notre équipe décidera.`,
    },
    outOfOrder: {
      subject: (name) => `Une machine de ${name} a été signalée en panne`,
      body: (name) =>
        `Un visiteur a signalé des machines en panne à ${name}. Marquez-les réparées quand elles fonctionnent à nouveau.`,
    },
    claimApproved: {
      subject: (name) => `Vous êtes maintenant le propriétaire vérifié de ${name}`,
      body: (name) =>
        `Votre demande pour ${name} a été acceptée. Vous pouvez maintenant tenir sa fiche à jour.`,
    },
    claimRejected: {
      subject: (name) => `Votre demande pour ${name} n’a pas été acceptée`,
      body: (name) => `Votre demande pour ${name} n’a pas été acceptée.`,
    },
    reason: 'Motif',
    washers: 'Lave-linge',
    dryers: 'Sèche-linge',
    open: 'Ouvrir vos laveries',
  },
};

const SUBJECT_MAX = 200;

function contentIn(data: LaundromatOwnerNoticeRaisedV1Data, language: Language, link: string): MailContent {
  const w = words[language];
  const name = data.laundromatName ?? w.yourLaundromat;
  const lines = ((): [string, string, string | undefined] => {
    switch (data.type) {
      case 'owner.review': {
        const stars = data.rating ? ` (${'★'.repeat(data.rating)}${'☆'.repeat(5 - data.rating)})` : '';
        return [w.review.subject(name), w.review.body(name, stars), undefined];
      }
      case 'owner.suggestion':
        return [w.suggestion.subject(name), w.suggestion.body(name), undefined];
      case 'owner.out-of-order': {
        const counts = data.outOfOrder;
        const detail = counts ? `${w.washers}: ${counts.washers} · ${w.dryers}: ${counts.dryers}` : '';
        return [
          w.outOfOrder.subject(name),
          detail ? `${w.outOfOrder.body(name)}\n${detail}` : w.outOfOrder.body(name),
          undefined,
        ];
      }
      case 'owner.claim-decided':
        return data.claimStatus === 'approved'
          ? [w.claimApproved.subject(name), w.claimApproved.body(name), undefined]
          : [w.claimRejected.subject(name), w.claimRejected.body(name), data.reason ?? undefined];
    }
  })();
  const [subject, body, reason] = lines;
  const text = [body, ...(reason ? ['', `${w.reason}: ${reason}`] : []), '', `${w.open}: ${link}`].join('\n');
  return {
    subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject,
    text,
  };
}

/**
 * The owner's mail about a notice, in every language of the product: the relay picks the owner's own,
 * adds the unsubscribe footer of its type and sends nothing when they turned that type off. What others
 * wrote (a rejection's reason) is quoted as text; the relay escapes it in the HTML form.
 */
export function ownerNoticeMail(
  data: LaundromatOwnerNoticeRaisedV1Data,
  publicUrl: string | undefined,
): InternalMailRequest {
  const link = ownerPortalLink(publicUrl);
  const content = Object.fromEntries(
    languages.map((language) => [language, contentIn(data, language, link)]),
  );
  return {
    mailId: ownerNoticeMailId(data.noticeId),
    type: data.type,
    userId: data.ownerUserId,
    content: content as InternalMailRequest['content'],
  };
}
