import { createServer } from 'node:http';
import { createHttpServer, createLogger, createServiceApp, sendJsonText } from '@laundry/platform';
import { LIST_PATH, listAnswer } from './server-cpu.ts';

/**
 * One server of the HTTP server benchmark (http-server.bench.ts starts each in its own process): it answers
 * LIST_PATH with a fixed page of 50 laundromats, as text the way the directory sends its answers, on the
 * port given, and says "listening" on stdout once it does.
 *
 * - `node`: Node's HTTP server alone, the floor.
 * - `express`: the services' Express app (createServiceApp) on Node's server, as Express's own listen() runs it.
 * - `kit`: the same app on the service kit's createHttpServer, as every service and the gateway run.
 */
const [variant, port] = process.argv.slice(2);
const text = listAnswer().toString();
const route = new URL(LIST_PATH, 'http://bench.invalid').pathname;

function serviceApp() {
  return createServiceApp({
    name: 'bench',
    logger: createLogger('bench', 'warn'),
    internalSecret: 'bench-internal-secret-0123456789',
    routes: (router) => {
      router.get(route, (_req, res) => {
        sendJsonText(res, text);
      });
    },
  });
}

const listening = () => process.stdout.write('listening\n');
switch (variant) {
  case 'node':
    createServer((_req, res) => sendJsonText(res, text)).listen(Number(port), '127.0.0.1', listening);
    break;
  case 'express':
    createServer(serviceApp()).listen(Number(port), '127.0.0.1', listening);
    break;
  case 'kit':
    await createHttpServer(serviceApp()).start(Number(port), '127.0.0.1');
    listening();
    break;
  default:
    throw new Error(`unknown server variant "${variant}"`);
}
