import { languages } from '@laundry/contracts';

export type Language = (typeof languages)[number];
export const supportedLanguages: readonly Language[] = languages;

export interface LoginPageMessages {
  pageTitle: string;
  tagline: string;
  signInTab: string;
  createAccountTab: string;
  signInHeading: string;
  createAccountHeading: string;
  email: string;
  password: string;
  passwordHint: string;
  firstName: string;
  lastName: string;
  optional: string;
  confirmAge: string;
  signInButton: string;
  createAccountButton: string;
  working: string;
  back: string;
  language: string;
  noScript: string;
  genericError: string;
  networkError: string;
  /** Translations of the API's English messages, keyed by the message itself. */
  server: Record<string, string>;
}

const en: LoginPageMessages = {
  pageTitle: 'Sign in',
  tagline: 'Find a laundromat anywhere, with prices, hours and reviews.',
  signInTab: 'Sign in',
  createAccountTab: 'Create account',
  signInHeading: 'Welcome back',
  createAccountHeading: 'Create your account',
  email: 'Email',
  password: 'Password',
  passwordHint: 'At least 8 characters',
  firstName: 'First name',
  lastName: 'Last name',
  optional: 'optional',
  confirmAge: 'I confirm I am at least 13 years old',
  signInButton: 'Sign in',
  createAccountButton: 'Create account',
  working: 'Please wait…',
  back: 'Back to Laundromat Finder',
  language: 'Language',
  noScript: 'Please enable JavaScript to sign in.',
  genericError: 'Something went wrong. Please try again.',
  networkError: 'Network error. Please check your internet connection.',
  server: {},
};

const zh: LoginPageMessages = {
  pageTitle: '登录',
  tagline: '随时随地查找自助洗衣店，查看价格、营业时间和评价。',
  signInTab: '登录',
  createAccountTab: '创建账户',
  signInHeading: '欢迎回来',
  createAccountHeading: '创建您的账户',
  email: '电子邮箱',
  password: '密码',
  passwordHint: '至少 8 个字符',
  firstName: '名',
  lastName: '姓',
  optional: '选填',
  confirmAge: '我确认我已年满 13 岁',
  signInButton: '登录',
  createAccountButton: '创建账户',
  working: '请稍候…',
  back: '返回 Laundromat Finder',
  language: '语言',
  noScript: '请启用 JavaScript 以登录。',
  genericError: '出了点问题，请重试。',
  networkError: '网络错误，请检查您的网络连接。',
  server: {
    'Invalid email or password.': '电子邮箱或密码不正确。',
    'An account with this email already exists.': '该电子邮箱已注册账户。',
    'Too many sign-in attempts. Please wait a few minutes and try again.':
      '登录尝试次数过多，请等待几分钟后重试。',
    'Password must be at least 8 characters': '密码至少需要 8 个字符',
    'You must be at least 13 years old to create an account': '您必须年满 13 岁才能创建账户',
    'Please enter a valid email address': '请输入有效的电子邮箱地址',
  },
};

const hi: LoginPageMessages = {
  pageTitle: 'साइन इन करें',
  tagline: 'कहीं भी लॉन्ड्रोमैट खोजें — कीमतें, समय और समीक्षाएँ देखें।',
  signInTab: 'साइन इन',
  createAccountTab: 'खाता बनाएँ',
  signInHeading: 'फिर से स्वागत है',
  createAccountHeading: 'अपना खाता बनाएँ',
  email: 'ईमेल',
  password: 'पासवर्ड',
  passwordHint: 'कम से कम 8 अक्षर',
  firstName: 'पहला नाम',
  lastName: 'उपनाम',
  optional: 'वैकल्पिक',
  confirmAge: 'मैं पुष्टि करता/करती हूँ कि मेरी आयु कम से कम 13 वर्ष है',
  signInButton: 'साइन इन करें',
  createAccountButton: 'खाता बनाएँ',
  working: 'कृपया प्रतीक्षा करें…',
  back: 'Laundromat Finder पर वापस जाएँ',
  language: 'भाषा',
  noScript: 'साइन इन करने के लिए कृपया JavaScript सक्षम करें।',
  genericError: 'कुछ गलत हो गया। कृपया फिर से प्रयास करें।',
  networkError: 'नेटवर्क त्रुटि। कृपया अपना इंटरनेट कनेक्शन जाँचें।',
  server: {
    'Invalid email or password.': 'ईमेल या पासवर्ड गलत है।',
    'An account with this email already exists.': 'इस ईमेल से एक खाता पहले से मौजूद है।',
    'Too many sign-in attempts. Please wait a few minutes and try again.':
      'साइन इन के बहुत अधिक प्रयास। कृपया कुछ मिनट प्रतीक्षा करके फिर से प्रयास करें।',
    'Password must be at least 8 characters': 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए',
    'You must be at least 13 years old to create an account':
      'खाता बनाने के लिए आपकी आयु कम से कम 13 वर्ष होनी चाहिए',
    'Please enter a valid email address': 'कृपया एक मान्य ईमेल पता दर्ज करें',
  },
};

const es: LoginPageMessages = {
  pageTitle: 'Iniciar sesión',
  tagline: 'Encuentra una lavandería en cualquier lugar, con precios, horarios y reseñas.',
  signInTab: 'Iniciar sesión',
  createAccountTab: 'Crear cuenta',
  signInHeading: 'Hola de nuevo',
  createAccountHeading: 'Crea tu cuenta',
  email: 'Correo electrónico',
  password: 'Contraseña',
  passwordHint: 'Al menos 8 caracteres',
  firstName: 'Nombre',
  lastName: 'Apellido',
  optional: 'opcional',
  confirmAge: 'Confirmo que tengo al menos 13 años',
  signInButton: 'Iniciar sesión',
  createAccountButton: 'Crear cuenta',
  working: 'Un momento…',
  back: 'Volver a Laundromat Finder',
  language: 'Idioma',
  noScript: 'Activa JavaScript para iniciar sesión.',
  genericError: 'Algo salió mal. Inténtalo de nuevo.',
  networkError: 'Error de red. Comprueba tu conexión a internet.',
  server: {
    'Invalid email or password.': 'Correo electrónico o contraseña incorrectos.',
    'An account with this email already exists.': 'Ya existe una cuenta con este correo electrónico.',
    'Too many sign-in attempts. Please wait a few minutes and try again.':
      'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.',
    'Password must be at least 8 characters': 'La contraseña debe tener al menos 8 caracteres',
    'You must be at least 13 years old to create an account':
      'Debes tener al menos 13 años para crear una cuenta',
    'Please enter a valid email address': 'Introduce una dirección de correo electrónico válida',
  },
};

const fr: LoginPageMessages = {
  pageTitle: 'Connexion',
  tagline: 'Trouvez une laverie partout, avec les prix, les horaires et les avis.',
  signInTab: 'Se connecter',
  createAccountTab: 'Créer un compte',
  signInHeading: 'Bon retour parmi nous',
  createAccountHeading: 'Créez votre compte',
  email: 'E-mail',
  password: 'Mot de passe',
  passwordHint: 'Au moins 8 caractères',
  firstName: 'Prénom',
  lastName: 'Nom',
  optional: 'facultatif',
  confirmAge: 'Je confirme avoir au moins 13 ans',
  signInButton: 'Se connecter',
  createAccountButton: 'Créer un compte',
  working: 'Veuillez patienter…',
  back: 'Retour à Laundromat Finder',
  language: 'Langue',
  noScript: 'Veuillez activer JavaScript pour vous connecter.',
  genericError: 'Une erreur est survenue. Veuillez réessayer.',
  networkError: 'Erreur réseau. Veuillez vérifier votre connexion internet.',
  server: {
    'Invalid email or password.': 'E-mail ou mot de passe incorrect.',
    'An account with this email already exists.': 'Un compte existe déjà avec cet e-mail.',
    'Too many sign-in attempts. Please wait a few minutes and try again.':
      'Trop de tentatives de connexion. Veuillez patienter quelques minutes et réessayer.',
    'Password must be at least 8 characters': 'Le mot de passe doit contenir au moins 8 caractères',
    'You must be at least 13 years old to create an account':
      'Vous devez avoir au moins 13 ans pour créer un compte',
    'Please enter a valid email address': 'Veuillez saisir une adresse e-mail valide',
  },
};

export const loginPageMessages: Record<Language, LoginPageMessages> = { en, zh, hi, es, fr };

/** Each language's own name, for the language links. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
};
