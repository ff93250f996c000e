import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** Argon2id (the enum is a `const enum`, which isolated modules cannot import by value). */
const ARGON2ID = 2 as Algorithm;

/**
 * Argon2id cost profiles. 'owasp' is the OWASP Password Storage Cheat Sheet's first option
 * (m=19 MiB, t=2, p=1). 'test' exists so a test suite can create hundreds of accounts quickly;
 * only code (the test helpers) can select it, never the environment.
 */
export const HASH_PROFILES = {
  owasp: { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: ARGON2ID, memoryCost: 256, timeCost: 1, parallelism: 1 },
} satisfies Record<string, Options>;

export type HashProfile = keyof typeof HASH_PROFILES;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Hashes and verifies passwords; `verifyOrDummy` keeps timing equal when no account exists. */
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(private readonly profile: HashProfile = 'owasp') {}

  hash(password: string): Promise<string> {
    return hash(password, HASH_PROFILES[this.profile]);
  }

  /** False (never throws) for a wrong password or a malformed stored hash. */
  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /**
   * Verifies against the stored hash, or — when there is no account — against a throwaway hash
   * of the same cost, so "no such e-mail" and "wrong password" take the same time.
   */
  async verifyOrDummy(stored: string | null | undefined, password: string): Promise<boolean> {
    if (stored) return this.verify(stored, password);
    this.dummy ??= this.hash(`dummy-${Math.random()}`);
    await this.verify(await this.dummy, password);
    return false;
  }
}
