/** Saved subjects in process (the embedded store's): sealed as in PostgreSQL, gone when the process ends. */
import type { SealedSubject, SubjectFeed, SubjectStore } from '../../application/ports/subject-store.ts';

export function createMemorySubjectStore(): SubjectStore {
  const byAccount = new Map<string, Map<string, SealedSubject>>();
  /** Feeds by their token's digest. */
  const feeds = new Map<string, SubjectFeed>();
  const feedKey = (accountId: string, subjectId: string) =>
    [...feeds.values()].find((f) => f.accountId === accountId && f.subjectId === subjectId);
  const dropFeed = (accountId: string, subjectId: string): boolean => {
    const feed = feedKey(accountId, subjectId);
    if (feed !== undefined) feeds.delete(feed.tokenDigest);
    return feed !== undefined;
  };
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
    delete: async (accountId, subjectId) => {
      dropFeed(accountId, subjectId);
      return byAccount.get(accountId)?.delete(subjectId) ?? false;
    },
    deleteAccount: async (accountId) => {
      const n = byAccount.get(accountId)?.size ?? 0;
      for (const subjectId of byAccount.get(accountId)?.keys() ?? []) dropFeed(accountId, subjectId);
      byAccount.delete(accountId);
      return n;
    },
    putFeed: async (feed) => {
      // The feed keeps its id and the month it has paid, as in PostgreSQL.
      const before = feedKey(feed.accountId, feed.subjectId);
      dropFeed(feed.accountId, feed.subjectId);
      const paid =
        [before?.paidMonth ?? null, feed.paidMonth]
          .filter((m) => m !== null)
          .sort()
          .at(-1) ?? null;
      feeds.set(feed.tokenDigest, {
        ...feed,
        feedId: before?.feedId ?? feed.feedId,
        createdMs: before?.createdMs ?? feed.createdMs,
        paidMonth: paid,
      });
    },
    feedOf: async (accountId, subjectId) => feedKey(accountId, subjectId) ?? null,
    feedByToken: async (tokenDigest) => feeds.get(tokenDigest) ?? null,
    feedPaid: async (feedId, month) => {
      for (const [digest, feed] of feeds)
        if (feed.feedId === feedId && (feed.paidMonth === null || feed.paidMonth < month)) feeds.set(digest, { ...feed, paidMonth: month });
    },
    deleteFeed: async (accountId, subjectId) => dropFeed(accountId, subjectId),
    sealedWithOtherKeys: async (keyId, limit) =>
      [...byAccount.values()]
        .flatMap((subjects) => [...subjects.values()])
        .filter((s) => s.keyId !== keyId)
        .slice(0, limit),
    close: async () => {},
  };
}
