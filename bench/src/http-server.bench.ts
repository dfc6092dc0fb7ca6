import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { positive } from './bench-env.ts';
import { hostFacts } from './machine-facts.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { freePort, listAnswer, loadServer, type ServerLoad } from './server-cpu.ts';
import { median, roundTo } from './statistics.ts';

/**
 * CPU per request of the services' HTTP layer (createServiceApp: request id, identity, body parsers, routing)
 * answering a fixed 60 KB page: on Node's server as Express runs it, on the service kit's createHttpServer,
 * and Node's server alone as the floor. Each server is its own process, run as the servers run
 * (--no-memory-reducer); the three are measured in turn in every round so a drift of the machine reaches
 * them alike. CPU time is read from /proc (Linux).
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const COMMAND = 'npm run bench:http-server -w bench';
const settings = {
  warmupSeconds: positive('BENCH_WARMUP', 5),
  durationSeconds: positive('BENCH_DURATION', 8),
  rounds: Math.round(positive('BENCH_ROUNDS', 5)),
  connections: Math.round(positive('BENCH_CONNECTIONS', 10)),
};
const variants = [
  { name: 'node', title: "Node's HTTP server alone" },
  { name: 'express', title: 'service app, as Express runs it' },
  { name: 'kit', title: 'service app on createHttpServer' },
] as const;

const write = (text: string) => process.stdout.write(text);

async function startVariant(name: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--no-memory-reducer', '--import', 'tsx', `${here}http-server-variant.ts`, name, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the ${name} server stopped while starting (exit ${code})`)),
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}`, child };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const answerBytes = listAnswer().length;
  write(
    `HTTP servers answering a fixed ${Math.round(answerBytes / 1024)} KB page, ${settings.connections} in flight, ` +
      `${settings.rounds} rounds of ${settings.durationSeconds} s each (in turn) after ${settings.warmupSeconds} s warm-up\n`,
  );
  const servers = [];
  try {
    for (const variant of variants) servers.push({ ...variant, ...(await startVariant(variant.name)) });
    for (const server of servers)
      await loadServer(server.url, server.child.pid!, settings.warmupSeconds, settings.connections);
    const rounds: Record<string, ServerLoad[]> = {};
    for (let round = 0; round < settings.rounds; round += 1) {
      for (const server of servers) {
        const load = await loadServer(
          server.url,
          server.child.pid!,
          settings.durationSeconds,
          settings.connections,
        );
        (rounds[server.name] ??= []).push(load);
        write(
          `  round ${round + 1}/${settings.rounds} ${server.title.padEnd(34)}${String(load.cpuMsPerRequest).padStart(7)} ms CPU/request` +
            `${String(load.requestsPerSecond).padStart(10)} req/s\n`,
        );
      }
    }
    const summary = Object.fromEntries(
      servers.map((server) => {
        const list = rounds[server.name]!;
        return [
          server.name,
          {
            title: server.title,
            cpuMsPerRequest: roundTo(median(list.map((load) => load.cpuMsPerRequest)), 3),
            requestsPerSecond: median(list.map((load) => load.requestsPerSecond)),
            p99: median(list.map((load) => load.p99)),
          },
        ];
      }),
    );
    write('\nCPU per request, median of the rounds:\n');
    for (const figures of Object.values(summary)) {
      write(
        `  ${figures.title.padEnd(34)}${String(figures.cpuMsPerRequest).padStart(7)} ms  ${figures.requestsPerSecond} req/s\n`,
      );
    }
    const file = await writeResults('http-server', startedAt, {
      startedAt: startedAt.toISOString(),
      command: COMMAND,
      commit: gitCommit(),
      machine: hostFacts(),
      settings: { ...settings, answerBytes },
      rounds,
      summary,
    });
    write(`Results written to ${file}\n`);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
