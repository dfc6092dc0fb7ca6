import type { Language } from '@laundry/contracts';
import type { AccountMailLanguageTexts } from '../domain/account-mail-job.ts';
import { loginPageMessages } from './messages.ts';

/** The account e-mails' words in one language, from the locale files' `loginPage.mail`. */
export function accountMailTexts(language: Language): AccountMailLanguageTexts {
  const {
    verifyEmail,
    resetPassword,
    changeEmail,
    emailChangeNotice,
    signUpAttempt,
    signInDelay,
    suggestionApproved,
    suggestionRejected,
    reviewOwnerReply,
    ...common
  } = loginPageMessages[language].mail;
  return {
    verifyEmail,
    resetPassword,
    changeEmail,
    emailChangeNotice,
    signUpAttempt,
    signInDelay,
    suggestionApproved,
    suggestionRejected,
    reviewOwnerReply,
    common,
  };
}
