import { runService } from '@laundry/platform';
import { photoService } from './app.ts';

await runService(photoService);
