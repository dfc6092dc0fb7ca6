import { runService } from '@laundry/platform';
import { identityService } from './app.ts';

await runService(identityService);
