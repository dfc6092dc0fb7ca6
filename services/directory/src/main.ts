import { runService } from '@laundry/platform/service';
import { directoryService } from './app.ts';

await runService(directoryService);
