import { runService } from '@laundry/platform/service';
import { photoService } from './app.ts';

await runService(photoService);
