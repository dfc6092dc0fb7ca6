import { runService } from '@laundry/platform';
import { adService } from './app.ts';

await runService(adService);
