/**
 * Password hashing for the account dashboard. Passwords never reach a store in clear:
 * they are kept as PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), which carry their own
 * salt and parameters, so a hash made under older parameters still verifies. One adapter:
 * `adapters/argon2-hasher.ts` (argon2id).
 */
export interface PasswordHasher {
  /** A new PHC string: a fresh random salt each time, so two hashes of one password differ. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches `phc`; false (never a throw) when `phc` is not a hash it can read. */
  verify(phc: string, password: string): Promise<boolean>;
}
