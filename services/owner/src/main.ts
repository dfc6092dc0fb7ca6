import { runService } from '@laundry/platform/service';
import { ownerService } from './app.ts';

await runService(ownerService);
