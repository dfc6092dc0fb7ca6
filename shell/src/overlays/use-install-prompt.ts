import { useCallback, useEffect, useRef, useState } from 'react';
import {
  INSTALL_DISMISSED_STORAGE_KEY,
  INSTALL_PROMPT_DELAY_MS,
  dismissedRecently,
  isIos,
  type BeforeInstallPromptEvent,
} from './install-rules.ts';

function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function readDismissed(): string | null {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_STORAGE_KEY);
  } catch {
    return null;
  }
}

export interface InstallPrompt {
  visible: boolean;
  ios: boolean;
  install: () => Promise<void>;
  dismiss: () => void;
}

export function useInstallPrompt(): InstallPrompt {
  const [visible, setVisible] = useState(false);
  const deferred = useRef<BeforeInstallPromptEvent | null>(null);
  const ios = isIos(navigator.userAgent, navigator.maxTouchPoints);

  useEffect(() => {
    if (isStandalone()) return;
    let timer: number | undefined;
    const showLater = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (!dismissedRecently(readDismissed(), Date.now())) setVisible(true);
      }, INSTALL_PROMPT_DELAY_MS);
    };
    const onInstallAvailable = (event: Event) => {
      // Keep the browser's own mini-infobar away; our card offers the prompt instead.
      event.preventDefault();
      deferred.current = event as BeforeInstallPromptEvent;
      showLater();
    };
    const onInstalled = () => {
      window.clearTimeout(timer);
      deferred.current = null;
      setVisible(false);
    };
    window.addEventListener('beforeinstallprompt', onInstallAvailable);
    window.addEventListener('appinstalled', onInstalled);
    // Safari on iOS never announces installability; its card offers the Add to Home Screen steps instead.
    if (ios) showLater();
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onInstallAvailable);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [ios]);

  const dismiss = useCallback(() => {
    setVisible(false);
    try {
      localStorage.setItem(INSTALL_DISMISSED_STORAGE_KEY, String(Date.now()));
    } catch (error) {
      console.warn('Could not store the install prompt dismissal', error);
    }
  }, []);

  const install = useCallback(async () => {
    const event = deferred.current;
    if (!event) return;
    deferred.current = null;
    setVisible(false);
    await event.prompt();
    await event.userChoice;
  }, []);

  return { visible, ios, install, dismiss };
}
