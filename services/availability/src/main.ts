import { runService } from '@laundry/platform/service';
import { availabilityService } from './app.ts';

await runService(availabilityService);
