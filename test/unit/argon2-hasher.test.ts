import { describe, expect, it } from 'vitest';
import { Argon2Hasher, CHEAP_ARGON2ID, OWASP_ARGON2ID } from '../../src/adapters/argon2-hasher.ts';

describe('Argon2Hasher (argon2id)', () => {
  const hasher = new Argon2Hasher(CHEAP_ARGON2ID);

  it('hashes to an argon2id PHC string carrying its parameters', async () => {
    const phc = await hasher.hash('correct horse battery staple');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=8,p=1,t=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  it('the default parameters are OWASP’s argon2id minimum: 19 MiB, 2 passes, 1 lane', async () => {
    expect(OWASP_ARGON2ID).toEqual({ memoryKiB: 19_456, passes: 2, parallelism: 1 });
    const phc = await new Argon2Hasher().hash('pw');
    expect(phc.startsWith('$argon2id$v=19$m=19456,p=1,t=2$')).toBe(true);
  });

  it('verifies the password it hashed, and no other', async () => {
    const phc = await hasher.hash('パスワード 123');
    expect(await hasher.verify(phc, 'パスワード 123')).toBe(true);
    expect(await hasher.verify(phc, 'パスワード 124')).toBe(false);
    expect(await hasher.verify(phc, '')).toBe(false);
  });

  it('a hash made under other parameters still verifies (they travel in the string)', async () => {
    const phc = await new Argon2Hasher({ memoryKiB: 64, passes: 3, parallelism: 2 }).hash('pw');
    expect(await hasher.verify(phc, 'pw')).toBe(true);
    expect(await hasher.verify(phc, 'pW')).toBe(false);
  });

  it('two hashes of one password differ (a fresh salt each time), and both verify', async () => {
    const [a, b] = [await hasher.hash('same'), await hasher.hash('same')];
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'same')).toBe(true);
    expect(await hasher.verify(b, 'same')).toBe(true);
  });

  it('a malformed or foreign hash verifies false, never throws', async () => {
    const phc = await hasher.hash('pw');
    const malformed = [
      '',
      'garbage',
      '$argon2id$',
      '$argon2id$v=19$m=8,t=1,p=1$AAAA$BBBB', // hash too short
      '$argon2id$v=19$m=notanumber,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      phc.slice(0, -5),
      phc.replace('$argon2id$', '$argon2i$'),
      '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234', // bcrypt
    ];
    for (const bad of malformed) await expect(hasher.verify(bad, 'pw'), bad).resolves.toBe(false);
  });
});
