import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether this machine can start a RabbitMQ node of a test's own (Debian's rabbitmq-server). */
export const canStartPrivateRabbit =
  existsSync('/usr/sbin/rabbitmq-server') && existsSync('/usr/sbin/rabbitmqctl');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function untilPort(port: number, open: boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen === open) return;
    if (Date.now() > deadline)
      throw new Error(`port ${port} still ${open ? 'closed' : 'open'} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A RabbitMQ node of the test's own: its own name, ports and data folder, never the machine's shared node.
 * Stopped and started again on the same folder, its durable queues and persistent messages survive.
 */
export async function privateRabbit() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'laundry-rabbit-'));
  const port = await freePort();
  const distPort = await freePort();
  const node = `laundry-test-${process.pid}-${port}@localhost`;
  writeFileSync(path.join(dir, 'enabled_plugins'), '[].\n');
  writeFileSync(path.join(dir, 'rabbitmq.conf'), `listeners.tcp.local = 127.0.0.1:${port}\n`);
  // Started as root, rabbitmq-server drops to the rabbitmq user, which must own the folder.
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'rabbitmq']).catch(() => ({ stdout: '' }));
    const { stdout: gid } = await run('id', ['-g', 'rabbitmq']).catch(() => ({ stdout: '' }));
    if (stdout.trim()) chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const env = {
    ...process.env,
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_PID_FILE: path.join(dir, 'pid'),
    RABBITMQ_FEATURE_FLAGS_FILE: path.join(dir, 'feature_flags'),
    ERL_CRASH_DUMP: path.join(dir, 'erl_crash.dump'),
  };
  let child: ChildProcess | undefined;

  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    port,
    async start(): Promise<void> {
      child = spawn('/usr/sbin/rabbitmq-server', [], { env, stdio: 'ignore' });
      await untilPort(port, true, 90_000);
    },
    async stop(): Promise<void> {
      await run('/usr/sbin/rabbitmqctl', ['-n', node, 'stop'], { env }).catch(() => child?.kill('SIGKILL'));
      await untilPort(port, false, 30_000);
      child = undefined;
    },
    /**
     * Stops the broker on the running node (rabbitmqctl stop_app): every connection drops and the port
     * closes; startApp starts it again on the same data folder, durable queues and persistent messages
     * recovered. A restart without booting a new Erlang VM, which takes tens of seconds on a busy machine.
     */
    async stopApp(): Promise<void> {
      await run('/usr/sbin/rabbitmqctl', ['-n', node, 'stop_app'], { env });
      await untilPort(port, false, 30_000);
    },
    async startApp(): Promise<void> {
      await run('/usr/sbin/rabbitmqctl', ['-n', node, 'start_app'], { env });
      await untilPort(port, true, 90_000);
    },
    async remove(): Promise<void> {
      if (child) await this.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
