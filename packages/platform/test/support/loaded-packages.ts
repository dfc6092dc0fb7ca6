// Run as `node --import tsx loaded-packages.ts <specifier>`: imports the specifier and prints, as JSON, the
// name of every package under node_modules the import loaded (ES modules seen by a resolve hook, CommonJS
// ones in require's cache).
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;

const specifier = process.argv[2];
if (!specifier) throw new Error('usage: loaded-packages.ts <specifier>');

const { port1, port2 } = new MessageChannel();
const resolved: string[] = [];
port1.on('message', (url: string) => resolved.push(url));
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { port: port2 },
  transferList: [port2],
});

await import(specifier);
// The hook's last messages may still be on their way from its thread.
await new Promise((resolve) => setTimeout(resolve, 50));
port1.close();

const files = [...resolved, ...Object.keys(createRequire(import.meta.url).cache)];
const packages = new Set(
  files.flatMap((file) => {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
    return name ? [name] : [];
  }),
);
process.stdout.write(`${JSON.stringify([...packages].sort())}\n`);
