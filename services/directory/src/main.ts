import { runService } from '@laundry/platform';
import { directoryService } from './app.ts';

await runService(directoryService);
