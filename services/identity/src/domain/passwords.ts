import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Options } from '@node-rs/argon2';

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verification, for sign-ins with an unknown email. */
  verifyAgainstDummy(password: string): Promise<void>;
}

/** argon2id at OWASP's first recommended setting (19 MiB, t=2, p=1): docs/adr/0013-argon2id-parameters.md. */
// 2 is Algorithm.Argon2id, a const enum that isolated modules cannot read.
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function createPasswords(): Promise<Passwords> {
  const hash = (password: string) => argon2Hash(password, ARGON2_OPTIONS);
  const verify = async (digest: string, password: string) => {
    try {
      return await argon2Verify(digest, password);
    } catch {
      return false;
    }
  };
  const dummyHash = await hash(randomBytes(32).toString('base64url'));
  return {
    hash,
    verify,
    async verifyAgainstDummy(password) {
      await verify(dummyHash, password);
    },
  };
}
