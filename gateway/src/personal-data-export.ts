import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { createPersonalDataClient, type PersonalData, type PersonalDataClient } from '@laundry/contracts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@laundry/platform/auth';
import { unauthorized } from '@laundry/platform/errors';
import type { ServiceName } from './route-table.ts';
import { archiveReadme } from './personal-data-readme.ts';

export const PERSONAL_DATA_EXPORT_PATH = '/api/me/export';

const COLLECT_TIMEOUT_MS = 15_000;

/**
 * GET /api/me/export: one zip of everything every service holds about the signed-in person. The gateway
 * gathers it because it is the one part that knows every service's address (identity is called by the
 * others and comes first in their start order); each service answers for the person of the identity it is
 * signed for, through the typed client of packages/contracts. Every part is gathered before the first byte
 * goes out, so a service that does not answer is a 503 rather than an archive missing a part; then the
 * archive is streamed, the stored files passed through as they are read.
 */
export function personalDataExport(options: {
  internalSecret: string;
  /** Each service's address (IDENTITY_URL …); a service without one is left out of the archive. */
  addresses: Partial<Record<ServiceName, string>>;
  logger: Logger;
}): RequestHandler {
  const clients: PersonalDataClient[] = Object.entries(options.addresses)
    .filter((entry): entry is [ServiceName, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([service, baseUrl]) =>
      createPersonalDataClient({
        service,
        baseUrl,
        timeoutMs: COLLECT_TIMEOUT_MS,
        identityHeader: INTERNAL_IDENTITY_HEADER,
      }),
    );
  return async (req, res, next) => {
    try {
      const user = req.user;
      if (!user) throw unauthorized();
      // A fresh token for each call: the one on the request lives a minute, a large archive may take longer.
      const identity = () => signInternalIdentity(user, options.internalSecret, req.ip ?? '');
      const gathered = await Promise.all(
        clients.map(
          async (client) => [client.service, await client.collect(identity())] as [string, PersonalData],
        ),
      );
      const exportedAt = new Date();
      res.status(200).set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="laundromat-finder-data-${exportedAt.toISOString().slice(0, 10)}.zip"`,
        'Cache-Control': 'private, no-store',
      });
      await writeArchive(res, async (zip) => {
        addText(zip, 'README.txt', archiveReadme(user.email, exportedAt, gathered));
        for (const [service, data] of gathered) {
          for (const [part, records] of Object.entries(data.parts)) {
            addText(zip, `${service}/${part}.json`, JSON.stringify(records, null, 2) + '\n');
          }
          const client = clients.find((candidate) => candidate.service === service)!;
          for (const file of data.files) {
            const response = await client.openFile(file.id, identity());
            // Gone since it was listed (erased meanwhile): the list in the .json still names it.
            if (!response?.body) continue;
            const entry = new ZipPassThrough(`${service}/${file.name}`);
            zip.add(entry);
            for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
              entry.push(chunk);
              await drained(res);
            }
            entry.push(new Uint8Array(0), true);
          }
        }
      });
      options.logger.info({ services: gathered.length }, 'personal data exported');
    } catch (error) {
      if (!res.headersSent) return next(error);
      options.logger.error({ err: error }, 'personal data export failed while streaming');
      res.destroy(error instanceof Error ? error : undefined);
    }
  };
}

function addText(zip: Zip, name: string, text: string): void {
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  entry.push(new TextEncoder().encode(text), true);
}

/** Waits while the client reads slower than the archive is made. */
function drained(res: Response): Promise<void> {
  if (!res.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => res.once('drain', resolve));
}

/** Streams the zip fflate makes into the response, and resolves once its last byte is written. */
function writeArchive(res: Response, fill: (zip: Zip) => Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      res.write(chunk);
      if (final) res.end(resolve);
    });
    fill(zip).then(
      () => zip.end(),
      (error: unknown) => {
        zip.terminate();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
