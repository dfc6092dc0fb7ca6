import './tokens.css';

export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './components/button.tsx';
export { Card } from './components/card.tsx';
export { Badge, type BadgeProps, type BadgeTone } from './components/badge.tsx';
export { Dialog, DialogFooter, type DialogProps } from './components/dialog.tsx';
export { Switch, type SwitchProps } from './components/switch.tsx';
export { Tabs, type TabsProps, type TabItem } from './components/tabs.tsx';
export { Spinner, PageSpinner, Skeleton } from './components/spinner.tsx';
export { createI18n } from './i18n/create-i18n.ts';
export { loadDeferredEnglish, withDeferredEnglish } from './i18n/deferred-english.ts';
export {
  supportedLanguages,
  fallbackLanguage,
  namespaces,
  languageStorageKey,
  isSupportedLanguage,
  type SupportedLanguage,
} from './i18n/languages.ts';
export {
  toast,
  toastStore,
  createToastStore,
  type ToastOptions,
  type ToastItem,
  type ToastStore,
} from './toast/toast-store.ts';
export { Toaster, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toast/toaster.tsx';
export * from './remote-modules.ts';
export type { I18nText } from './i18n/i18n-text.ts';
export { lastOnline, relativeTimeKeys, type LastOnline } from './time/relative-time.ts';
