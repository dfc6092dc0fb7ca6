import { runSkeletonService } from '@laundry/platform';

// The ad service's API comes with its own issue.
await runSkeletonService('ad', 4005);
