import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EmbeddedSecrets {
  SESSION_SECRET: string;
  INTERNAL_SECRET: string;
}

/**
 * The embedded mode needs no configuration, yet its sessions must not be signed with a secret everyone knows:
 * each data folder gets its own random secrets on first start, kept so sessions survive a restart.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<EmbeddedSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as EmbeddedSecrets;
  } catch {
    const secrets = {
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      INTERNAL_SECRET: randomBytes(32).toString('base64url'),
    };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}
