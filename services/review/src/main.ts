import { runSkeletonService } from '@laundry/platform';

// The review service's API comes with its own issue.
await runSkeletonService('review', 4003);
