import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verification, for sign-ins with an unknown email. */
  verifyAgainstDummy(password: string): Promise<void>;
}

/**
 * argon2id at OWASP's first recommended setting (19 MiB, t=2, p=1): about 35 ms a hash here, where the
 * library's default (64 MiB, t=3, p=4) took 260–800 ms and would let a few sign-ins a second saturate two cores.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function createPasswords(): Promise<Passwords> {
  const hash = (password: string) => argon2.hash(password, ARGON2_OPTIONS);
  const verify = async (digest: string, password: string) => {
    try {
      return await argon2.verify(digest, password);
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
