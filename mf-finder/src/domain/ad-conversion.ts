import { adClickParam, type AdConversionKind, type LaundromatInteractionKind } from '@laundry/contracts';

/**
 * A promoted laundromat's ad lands on its detail with the click's token (`?l=<id>&adClick=<token>`). The
 * token is kept for this tab, by laundromat, so that directions, a call or a website tap there count as the
 * ad's conversions (the ad service counts each kind once per click).
 */
const storageKey = (laundromatId: string) => `lf_ad_click:${laundromatId}`;

/** The ad conversion a detail tap is, if any: a view or a share is not one. */
export function adConversionKindOf(kind: LaundromatInteractionKind): AdConversionKind | null {
  if (kind === 'directions' || kind === 'website') return kind;
  if (kind === 'phone') return 'call';
  return null;
}

/** Keeps the click token the page was opened with, when it opened this laundromat's detail. */
export function rememberAdClick(
  storage: Pick<Storage, 'setItem'>,
  search: string,
  laundromatId: string,
): void {
  const params = new URLSearchParams(search);
  const token = params.get(adClickParam);
  if (!token || params.get('l') !== laundromatId || token.length > 2000) return;
  storage.setItem(storageKey(laundromatId), token);
}

/** The click token kept for this laundromat in this tab, if its detail was opened from an ad. */
export function heldAdClick(storage: Pick<Storage, 'getItem'>, laundromatId: string): string | null {
  return storage.getItem(storageKey(laundromatId));
}
