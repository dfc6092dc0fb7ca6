import { useSyncExternalStore } from 'react';
import { onConsentChange, readStoredConsent } from '@laundry/ui/consent';

const subscribe = (onChange: () => void) => onConsentChange(onChange);
const advertisingAllowed = () => readStoredConsent()?.advertising === true;

/** Whether the visitor allows advertising cookies now, following each choice the shell applies. */
export function useAdvertisingConsent(): boolean {
  return useSyncExternalStore(subscribe, advertisingAllowed, () => false);
}
