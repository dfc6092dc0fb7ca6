// The async boundary lets Module Federation negotiate the shared singletons before any of them runs. It is
// crossed in a task of its own: evaluating this entry (the federation runtime's set-up) and loading and
// evaluating the page's modules are each a long task on a slow phone, and together they would be one.
setTimeout(() => void import('./bootstrap.tsx'));
