import { runService } from '@laundry/platform/service';
import { reviewService } from './app.ts';

await runService(reviewService);
