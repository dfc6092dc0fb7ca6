import { timing } from '@laundry/contracts';
import { toast } from '@laundry/ui';
import type { TFunction } from 'i18next';

const g = 'messages.geolocation.';

/**
 * The add form's position: one fix, reported by toast (docs/product.md, Errors); the form fills in the
 * coordinates.
 */
export function captureLocation(
  t: TFunction<'finder'>,
  onPosition: (coords: GeolocationCoordinates) => void,
) {
  if (!('geolocation' in navigator)) {
    toast({
      title: t(`${g}notSupportedTitle`),
      description: t(`${g}notSupportedText`),
      variant: 'destructive',
    });
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => {
      onPosition(position.coords);
      toast({ title: t(`${g}capturedTitle`), description: t(`${g}capturedText`), variant: 'success' });
    },
    () => toast({ title: t(`${g}errorTitle`), description: t(`${g}errorText`), variant: 'destructive' }),
    { enableHighAccuracy: true, timeout: timing.locationTimeoutMs },
  );
}
