/** Saved subjects in process (the embedded store's): sealed as in PostgreSQL, gone when the process ends. */
import type { SealedSubject, SubjectStore } from '../../application/ports/subject-store.ts';

export function createMemorySubjectStore(): SubjectStore {
  const byAccount = new Map<string, Map<string, SealedSubject>>();
  const of = (accountId: string) => {
    let subjects = byAccount.get(accountId);
    if (subjects === undefined) byAccount.set(accountId, (subjects = new Map<string, SealedSubject>()));
    return subjects;
  };
  return {
    put: async (subject) => void of(subject.accountId).set(subject.subjectId, subject),
    get: async (accountId, subjectId) => byAccount.get(accountId)?.get(subjectId) ?? null,
    list: async (accountId, { limit, after }) =>
      [...(byAccount.get(accountId)?.values() ?? [])]
        .filter((s) => after === undefined || s.subjectId > after)
        .sort((a, b) => (a.subjectId < b.subjectId ? -1 : 1))
        .slice(0, limit),
    count: async (accountId) => byAccount.get(accountId)?.size ?? 0,
    delete: async (accountId, subjectId) => byAccount.get(accountId)?.delete(subjectId) ?? false,
    deleteAccount: async (accountId) => {
      const n = byAccount.get(accountId)?.size ?? 0;
      byAccount.delete(accountId);
      return n;
    },
    sealedWithOtherKeys: async (keyId, limit) =>
      [...byAccount.values()]
        .flatMap((subjects) => [...subjects.values()])
        .filter((s) => s.keyId !== keyId)
        .slice(0, limit),
    close: async () => {},
  };
}
