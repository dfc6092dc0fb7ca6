import type { AlertMachineKind, Language } from '@laundry/contracts';

/**
 * The notification's words, in the language the person asked in. The service worker shows what it is given,
 * so the text is made here rather than in the page's resources, which the worker cannot read.
 */
const messages: Record<
  Language,
  Record<AlertMachineKind, { title: string; body: (name: string) => string }>
> = {
  en: {
    washer: { title: 'A washer is free', body: (name) => `A washer just became free at ${name}.` },
    dryer: { title: 'A dryer is free', body: (name) => `A dryer just became free at ${name}.` },
  },
  zh: {
    washer: { title: '有空闲的洗衣机了', body: (name) => `${name} 刚刚有一台洗衣机空出来了。` },
    dryer: { title: '有空闲的烘干机了', body: (name) => `${name} 刚刚有一台烘干机空出来了。` },
  },
  hi: {
    washer: { title: 'एक वॉशर खाली है', body: (name) => `${name} पर अभी एक वॉशर खाली हुआ है।` },
    dryer: { title: 'एक ड्रायर खाली है', body: (name) => `${name} पर अभी एक ड्रायर खाली हुआ है।` },
  },
  es: {
    washer: {
      title: 'Hay una lavadora libre',
      body: (name) => `Acaba de quedar libre una lavadora en ${name}.`,
    },
    dryer: {
      title: 'Hay una secadora libre',
      body: (name) => `Acaba de quedar libre una secadora en ${name}.`,
    },
  },
  fr: {
    washer: {
      title: 'Un lave-linge est libre',
      body: (name) => `Un lave-linge vient de se libérer à ${name}.`,
    },
    dryer: {
      title: 'Un sèche-linge est libre',
      body: (name) => `Un sèche-linge vient de se libérer à ${name}.`,
    },
  },
};

/** What the service worker receives: the title, the body and the page to open when it is tapped. */
export interface AlertNotification {
  title: string;
  body: string;
  url: string;
  language: Language;
  tag: string;
}

export function alertNotification(alert: {
  language: string;
  machine: AlertMachineKind;
  laundromatId: string;
  laundromatName: string;
}): AlertNotification {
  const language = (alert.language in messages ? alert.language : 'en') as Language;
  const text = messages[language][alert.machine];
  return {
    title: text.title,
    body: text.body(alert.laundromatName),
    url: `/?l=${alert.laundromatId}`,
    language,
    tag: `availability-alert-${alert.laundromatId}-${alert.machine}`,
  };
}
