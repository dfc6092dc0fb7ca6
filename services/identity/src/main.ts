import { runService } from '@laundry/platform/service';
import { identityService } from './app.ts';

await runService(identityService);
