/**
 * The callbacks a transaction collects through Db.afterCommit, run once it has committed. One that throws
 * does not undo the commit or stop the others.
 */
export function createCommitHooks(): { add(fn: () => void): void; run(): void } {
  const hooks: Array<() => void> = [];
  return {
    add: (fn) => void hooks.push(fn),
    run() {
      for (const hook of hooks.splice(0)) {
        try {
          hook();
        } catch {
          // An after-commit hook is a nudge (the outbox relays on its timer anyway); the commit stands.
        }
      }
    },
  };
}
