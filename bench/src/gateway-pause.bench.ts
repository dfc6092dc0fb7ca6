import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { benchEnv, positive } from './bench-env.ts';
import { waitForReady } from './distributed-stack.ts';
import { hostFacts } from './machine-facts.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { freePort, listAnswer, loadServer, type ServerLoad } from './server-cpu.ts';
import { median, roundTo } from './statistics.ts';

/**
 * The gateway's CPU per proxied request before and after a quiet spell, with and without V8's memory
 * reducer (the servers run without it; scripts/src/start-distributed.ts says why). The gateway runs as it
 * does in the distributed mode (its own process, real Redis for the rate limits) in front of a service
 * stand-in that answers every request with the same page of 50 laundromats, so only the gateway's own
 * work is measured. CPU time is read from /proc (Linux), as the process's user + system time.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const COMMAND = 'npm run bench:gateway-pause -w bench';
const CONNECTIONS = 10;
const settings = {
  warmupSeconds: positive('BENCH_WARMUP', 10),
  durationSeconds: positive('BENCH_DURATION', 10),
  pauseSeconds: positive('BENCH_PAUSE', 25),
  rounds: Math.round(positive('BENCH_ROUNDS', 2)),
  connections: CONNECTIONS,
};
const configurations = [
  { name: 'as the servers run (--no-memory-reducer)', flags: ['--no-memory-reducer'] },
  { name: "V8's default (memory reducer on)", flags: [] as string[] },
];

const write = (text: string) => process.stdout.write(text);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startStandIn(body: Buffer): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function startGateway(flags: string[], directoryUrl: string, redisUrl: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...flags, '--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DIRECTORY_URL: directoryUrl,
      REDIS_URL: redisUrl,
      BUS_NAMESPACE: 'bench.',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? randomBytes(32).toString('hex'),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(url, child, 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, pid: child.pid!, stop };
}

async function main(): Promise<void> {
  const env = benchEnv();
  const startedAt = new Date();
  const body = listAnswer();
  const standIn = await startStandIn(body);
  const directoryUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const rounds: Record<string, { before: ServerLoad; afterPause: ServerLoad }[]> = {};
  write(
    `Gateway in front of a fixed ${Math.round(body.length / 1024)} KB answer, ${CONNECTIONS} in flight: ` +
      `${settings.durationSeconds} s before and after a ${settings.pauseSeconds} s pause, ${settings.rounds} rounds\n`,
  );
  try {
    for (let round = 0; round < settings.rounds; round += 1) {
      for (const configuration of configurations) {
        const gateway = await startGateway(configuration.flags, directoryUrl, env.redisUrl);
        try {
          await loadServer(gateway.url, gateway.pid, settings.warmupSeconds, CONNECTIONS);
          const before = await loadServer(gateway.url, gateway.pid, settings.durationSeconds, CONNECTIONS);
          await sleep(settings.pauseSeconds * 1000);
          const afterPause = await loadServer(
            gateway.url,
            gateway.pid,
            settings.durationSeconds,
            CONNECTIONS,
          );
          (rounds[configuration.name] ??= []).push({ before, afterPause });
          write(
            `  round ${round + 1}, ${configuration.name}: ${before.cpuMsPerRequest} ms CPU/request before, ` +
              `${afterPause.cpuMsPerRequest} after (${before.requestsPerSecond} → ${afterPause.requestsPerSecond} req/s)\n`,
          );
        } finally {
          await gateway.stop();
        }
      }
    }
  } finally {
    standIn.close();
  }
  const summary = Object.fromEntries(
    Object.entries(rounds).map(([name, list]) => [
      name,
      {
        cpuMsPerRequestBefore: roundTo(median(list.map((r) => r.before.cpuMsPerRequest)), 3),
        cpuMsPerRequestAfterPause: roundTo(median(list.map((r) => r.afterPause.cpuMsPerRequest)), 3),
        requestsPerSecondBefore: median(list.map((r) => r.before.requestsPerSecond)),
        requestsPerSecondAfterPause: median(list.map((r) => r.afterPause.requestsPerSecond)),
      },
    ]),
  );
  write('\nGateway CPU per request, median of the rounds (before the pause → after it):\n');
  for (const [name, figures] of Object.entries(summary)) {
    write(`  ${name.padEnd(42)}${figures.cpuMsPerRequestBefore} → ${figures.cpuMsPerRequestAfterPause} ms\n`);
  }
  const file = await writeResults('gateway-pause', startedAt, {
    startedAt: startedAt.toISOString(),
    command: COMMAND,
    commit: gitCommit(),
    machine: hostFacts(),
    settings: { ...settings, answerBytes: body.length },
    rounds,
    summary,
  });
  write(`Results written to ${file}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
