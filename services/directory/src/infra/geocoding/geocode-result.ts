export type { GeocodeResult } from '@laundry/contracts';
