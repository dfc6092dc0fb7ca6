import { runService } from '@laundry/platform/service';
import { billingService } from './app.ts';

await runService(billingService);
