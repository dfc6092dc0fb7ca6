import { runService } from '@laundry/platform';
import { reviewService } from './app.ts';

await runService(reviewService);
