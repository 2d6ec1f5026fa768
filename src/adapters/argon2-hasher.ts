import argon2 from 'argon2';
import type { PasswordHasher } from '../application/ports/password-hasher.ts';

/** argon2id costs: memory in KiB, passes, lanes. */
export interface Argon2Parameters {
  readonly memoryKiB: number;
  readonly passes: number;
  readonly parallelism: number;
}

/**
 * OWASP's minimum for argon2id (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. About
 * 20 ms a hash (or a verification) on this project's 2-core machines; raise it where log-ins can afford more.
 */
export const OWASP_ARGON2ID: Argon2Parameters = { memoryKiB: 19_456, passes: 2, parallelism: 1 };

/** A setting that costs almost nothing (argon2's floor is 8 KiB per lane), for tests only. */
export const CHEAP_ARGON2ID: Argon2Parameters = { memoryKiB: 8, passes: 1, parallelism: 1 };

/**
 * argon2id through node-argon2 (the reference C implementation, loaded from the prebuilt binary
 * the npm package ships; the work runs on libuv's thread pool, not the event loop). Hashes are PHC
 * strings with a 16-byte random salt and a 32-byte hash. `verify` reads the parameters from the
 * string, so hashes made under other parameters keep verifying.
 */
export class Argon2Hasher implements PasswordHasher {
  private readonly parameters: Argon2Parameters;

  constructor(parameters: Argon2Parameters = OWASP_ARGON2ID) {
    this.parameters = parameters;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.parameters.memoryKiB,
      timeCost: this.parameters.passes,
      parallelism: this.parameters.parallelism,
    });
  }

  async verify(phc: string, password: string): Promise<boolean> {
    // Only argon2id strings are ours; node-argon2 throws on anything it cannot parse.
    if (!phc.startsWith('$argon2id$')) return false;
    try {
      return await argon2.verify(phc, password);
    } catch {
      return false;
    }
  }
}
