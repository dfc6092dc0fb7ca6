import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EmbeddedSecrets {
  SESSION_SECRET: string;
  INTERNAL_SECRET: string;
  /** The Web Push (VAPID) pair availability alerts are signed with, base64url as browsers take it. */
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
}

/**
 * The embedded mode needs no configuration, yet its sessions must not be signed with a secret everyone knows:
 * each data folder gets its own random secrets on first start, kept so sessions survive a restart. A folder
 * made before a secret existed gets that one added (the others are kept).
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<EmbeddedSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  let kept: Partial<EmbeddedSecrets> | undefined;
  try {
    kept = JSON.parse(await readFile(file, 'utf8')) as Partial<EmbeddedSecrets>;
  } catch {
    kept = undefined;
  }
  const vapid = kept?.VAPID_PUBLIC_KEY && kept.VAPID_PRIVATE_KEY ? undefined : vapidKeys();
  const secrets: EmbeddedSecrets = {
    SESSION_SECRET: kept?.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    INTERNAL_SECRET: kept?.INTERNAL_SECRET ?? randomBytes(32).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid?.publicKey ?? kept!.VAPID_PUBLIC_KEY!,
    VAPID_PRIVATE_KEY: vapid?.privateKey ?? kept!.VAPID_PRIVATE_KEY!,
  };
  if (!kept || vapid || !kept.SESSION_SECRET || !kept.INTERNAL_SECRET) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** A P-256 pair as Web Push wants it: the public point uncompressed (65 bytes), the private scalar (32). */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const point = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  const scalar = privateKey.export({ format: 'jwk' }).d!;
  return { publicKey: point.toString('base64url'), privateKey: scalar };
}
