/**
 * `admin reseal-subjects` (a SUBJECT_KEYS rotation) and `admin delete-account` with saved subjects:
 * the CLI over an in-process subject store, as it runs over PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { MemoryDashboardStore } from '../../../src/adapters/memory/dashboard-store.ts';
import { createMemorySubjectStore } from '../../../src/adapters/memory/subject-store.ts';
import { createSubjectCipher } from '../../../src/application/subjects/cipher.ts';
import { runAdmin } from '../../../src/cli/admin.ts';

describe('admin CLI and saved subjects', () => {
  it('reseal-subjects re-seals under the first key; delete-account deletes the account’s subjects', async () => {
    const store = new MemoryCreditStore();
    const dashboard = new MemoryDashboardStore();
    const subjects = createMemorySubjectStore();
    const old = { id: 'k1', key: randomBytes(32) };
    const next = { id: 'k2', key: randomBytes(32) };
    const out: string[] = [];
    const err: string[] = [];
    const run = (cipher: ReturnType<typeof createSubjectCipher> | null, ...argv: string[]) =>
      runAdmin(argv, {
        openStore: async () => ({
          store,
          dashboard,
          subjects: cipher === null ? null : { store: subjects, cipher },
          close: async () => {},
        }),
        stdout: (t) => out.push(t),
        stderr: (t) => err.push(t),
      });
    expect(await run(null, 'create-account', '--plan', 'standard', '--monthly', '10')).toBe(0);
    const accountId = (JSON.parse(out.at(-1)!) as { account_id: string }).account_id;
    const first = createSubjectCipher([old]);
    for (const subjectId of ['sub_00000000000000000001', 'sub_00000000000000000002']) {
      await subjects.put({
        subjectId,
        accountId,
        ...first.seal(accountId, subjectId, { name: 'n', birth: {} }),
        createdMs: 1,
        updatedMs: 1,
      });
    }
    // Without subjects configured the command says what to set.
    expect(await run(null, 'reseal-subjects')).toBe(1);
    expect(err.at(-1)).toContain('SUBJECT_KEYS');
    expect(await run(createSubjectCipher([next, old]), 'reseal-subjects')).toBe(0);
    expect(JSON.parse(out.at(-1)!)).toEqual({ resealed: 2, key: 'k2' });
    expect((await subjects.list(accountId, { limit: 10 })).map((s) => s.keyId)).toEqual(['k2', 'k2']);
    expect(await run(createSubjectCipher([next]), 'reseal-subjects')).toBe(0);
    expect(JSON.parse(out.at(-1)!)).toEqual({ resealed: 0, key: 'k2' });

    expect(await run(createSubjectCipher([next]), 'delete-account', '--account', accountId)).toBe(0);
    expect(await subjects.count(accountId)).toBe(0);
    const entry = (await dashboard.audit({ limit: 10 })).find((e) => e.action === 'account.delete')!;
    expect(entry.details).toMatchObject({ subjects_deleted: 2 });
  });
});
