import { runSkeletonService } from '@laundry/platform';

// The photo service's API comes with its own issue.
await runSkeletonService('photo', 4004);
