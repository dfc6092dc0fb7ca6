import { runSkeletonService } from '@laundry/platform';

// The billing service's API comes with its own issue.
await runSkeletonService('billing', 4006);
