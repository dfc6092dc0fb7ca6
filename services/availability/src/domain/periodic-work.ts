/**
 * Background work that runs `runOnce` every `everyMs` (0: never), one run at a time: a run still going when
 * the next is due is not doubled; stop() waits for it. Errors go to `onError`, and the next run tries again.
 */
export function periodicWork(
  runOnce: () => Promise<void>,
  everyMs: number,
  onError: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  return {
    start() {
      if (everyMs <= 0) return;
      timer = setInterval(() => {
        running ??= runOnce()
          .catch(onError)
          .finally(() => {
            running = undefined;
          });
      }, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
