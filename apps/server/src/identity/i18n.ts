import { isRtl, matchLocale, parseAcceptLanguage, type LocaleCode } from '@lbs/contracts';

/** Every string the identity provider's own pages show, in the six interface languages (SPEC §1). */
export interface PageTexts {
  product: string;
  /** Name of the login page's language switcher. */
  language: string;
  signInTitle: string;
  signInSubtitle: string;
  username: string;
  password: string;
  submit: string;
  invalidCredentials: string;
  tooManyRequests: string;
  errorTitle: string;
  errorBody: string;
  sessionExpired: string;
  errorCode: string;
  backToPortal: string;
  signOutTitle: string;
  signOutQuestion: string;
  signOutConfirm: string;
  cancel: string;
  signedOutTitle: string;
  signedOutBody: string;
}

const TEXTS: Record<LocaleCode, PageTexts> = {
  'en-US': {
    product: 'LBS Portal',
    language: 'Language',
    signInTitle: 'Sign in',
    signInSubtitle: 'Sign in to your account to continue',
    username: 'Username or email',
    password: 'Password',
    submit: 'Sign in',
    invalidCredentials: 'Invalid username or password',
    tooManyRequests: 'Too many sign-in attempts. Please wait a minute and try again.',
    errorTitle: 'Ah! Something went wrong.',
    errorBody: 'The sign-in request could not be completed.',
    sessionExpired: 'This sign-in page has expired. Please return to LBS Portal and sign in again.',
    errorCode: 'Error code:',
    backToPortal: 'Back to LBS Portal',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of LBS Portal?',
    signOutConfirm: 'Yes, sign me out',
    cancel: 'Cancel',
    signedOutTitle: 'You are signed out',
    signedOutBody: 'You have signed out of LBS Portal.',
  },
  'zh-Hans-CN': {
    product: 'LBS 门户',
    language: '语言',
    signInTitle: '登录',
    signInSubtitle: '登录您的账户以继续',
    username: '用户名或电子邮件',
    password: '密码',
    submit: '登录',
    invalidCredentials: '用户名或密码无效',
    tooManyRequests: '登录尝试次数过多，请等待一分钟后再试。',
    errorTitle: '啊！出错了。',
    errorBody: '无法完成登录请求。',
    sessionExpired: '此登录页面已过期，请返回 LBS 门户重新登录。',
    errorCode: '错误代码：',
    backToPortal: '返回 LBS 门户',
    signOutTitle: '退出登录',
    signOutQuestion: '您要退出 LBS 门户吗？',
    signOutConfirm: '是，退出登录',
    cancel: '取消',
    signedOutTitle: '您已退出登录',
    signedOutBody: '您已成功退出 LBS 门户。',
  },
  'ar-SA': {
    product: 'بوابة LBS',
    language: 'اللغة',
    signInTitle: 'تسجيل الدخول',
    signInSubtitle: 'سجّل الدخول إلى حسابك للمتابعة',
    username: 'اسم المستخدم أو البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    invalidCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة',
    tooManyRequests: 'محاولات تسجيل دخول كثيرة جدًا. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    errorTitle: 'عذرًا! حدث خطأ ما.',
    errorBody: 'تعذّر إكمال طلب تسجيل الدخول.',
    sessionExpired: 'انتهت صلاحية صفحة تسجيل الدخول هذه. يُرجى العودة إلى بوابة LBS وتسجيل الدخول مرة أخرى.',
    errorCode: 'رمز الخطأ:',
    backToPortal: 'العودة إلى بوابة LBS',
    signOutTitle: 'تسجيل الخروج',
    signOutQuestion: 'هل تريد تسجيل الخروج من بوابة LBS؟',
    signOutConfirm: 'نعم، سجّل خروجي',
    cancel: 'إلغاء',
    signedOutTitle: 'تم تسجيل خروجك',
    signedOutBody: 'لقد سجّلت الخروج من بوابة LBS بنجاح.',
  },
  'it-IT': {
    product: 'Portale LBS',
    language: 'Lingua',
    signInTitle: 'Accedi',
    signInSubtitle: 'Accedi al tuo account per continuare',
    username: 'Nome utente o e-mail',
    password: 'Password',
    submit: 'Accedi',
    invalidCredentials: 'Nome utente o password non validi',
    tooManyRequests: 'Troppi tentativi di accesso. Attendi un minuto e riprova.',
    errorTitle: 'Ah! Qualcosa è andato storto.',
    errorBody: 'Impossibile completare la richiesta di accesso.',
    sessionExpired: 'Questa pagina di accesso è scaduta. Torna al Portale LBS e accedi di nuovo.',
    errorCode: 'Codice errore:',
    backToPortal: 'Torna al Portale LBS',
    signOutTitle: 'Esci',
    signOutQuestion: 'Vuoi uscire dal Portale LBS?',
    signOutConfirm: 'Sì, esci',
    cancel: 'Annulla',
    signedOutTitle: 'Sei uscito',
    signedOutBody: 'Sei uscito dal Portale LBS.',
  },
  es: {
    product: 'Portal LBS',
    language: 'Idioma',
    signInTitle: 'Iniciar sesión',
    signInSubtitle: 'Inicia sesión en tu cuenta para continuar',
    username: 'Nombre de usuario o correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    invalidCredentials: 'Nombre de usuario o contraseña no válidos',
    tooManyRequests: 'Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.',
    errorTitle: '¡Vaya! Algo salió mal.',
    errorBody: 'No se pudo completar la solicitud de inicio de sesión.',
    sessionExpired:
      'Esta página de inicio de sesión ha caducado. Vuelve al Portal LBS e inicia sesión de nuevo.',
    errorCode: 'Código de error:',
    backToPortal: 'Volver al Portal LBS',
    signOutTitle: 'Cerrar sesión',
    signOutQuestion: '¿Quieres cerrar sesión en el Portal LBS?',
    signOutConfirm: 'Sí, cerrar sesión',
    cancel: 'Cancelar',
    signedOutTitle: 'Has cerrado sesión',
    signedOutBody: 'Has cerrado sesión en el Portal LBS.',
  },
  'fr-FR': {
    product: 'Portail LBS',
    language: 'Langue',
    signInTitle: 'Se connecter',
    signInSubtitle: 'Connectez-vous à votre compte pour continuer',
    username: "Nom d'utilisateur ou e-mail",
    password: 'Mot de passe',
    submit: 'Se connecter',
    invalidCredentials: "Nom d'utilisateur ou mot de passe invalide",
    tooManyRequests: 'Trop de tentatives de connexion. Veuillez patienter une minute, puis réessayer.',
    errorTitle: 'Oups\u00a0! Un problème est survenu.',
    errorBody: "La demande de connexion n'a pas pu aboutir.",
    sessionExpired: 'Cette page de connexion a expiré. Revenez au Portail LBS et connectez-vous à nouveau.',
    errorCode: "Code d'erreur\u00a0:",
    backToPortal: 'Retour au Portail LBS',
    signOutTitle: 'Se déconnecter',
    signOutQuestion: 'Voulez-vous vous déconnecter du Portail LBS\u00a0?',
    signOutConfirm: 'Oui, me déconnecter',
    cancel: 'Annuler',
    signedOutTitle: 'Vous êtes déconnecté',
    signedOutBody: 'Vous vous êtes déconnecté du Portail LBS.',
  },
};

export interface PageLocale {
  locale: LocaleCode;
  dir: 'ltr' | 'rtl';
  t: PageTexts;
}

/**
 * The page language: the client's `ui_locales` first (space-separated, in order), then the browser's Accept-Language.
 * The login page's own switcher sends its choice as `ui_locales` too.
 */
export function pageLocale(uiLocales: unknown, acceptLanguage: string | undefined): PageLocale {
  const requested = typeof uiLocales === 'string' ? uiLocales.split(' ').filter(Boolean) : [];
  const locale = matchLocale([...requested, ...parseAcceptLanguage(acceptLanguage)]);
  return { locale, dir: isRtl(locale) ? 'rtl' : 'ltr', t: TEXTS[locale] };
}
