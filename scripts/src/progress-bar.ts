import cliProgress from 'cli-progress';

export interface ProgressBar {
  update(done: number): void;
  stop(): void;
}

/**
 * A cli-progress bar on a terminal; in a pipe or CI log, where redraws would be noise, one plain line
 * per tenth of the work instead.
 */
export function createProgressBar(
  label: string,
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressBar {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {percentage}% | {value}/{total} | ETA {eta}s`, stream, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { update: (done) => bar.update(done), stop: () => bar.stop() };
  }
  let lastTenth = -1;
  return {
    update(done) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label}: ${done}/${total} (${Math.round((done / Math.max(total, 1)) * 100)}%)\n`);
    },
    stop() {},
  };
}
