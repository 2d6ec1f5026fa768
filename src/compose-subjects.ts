/**
 * Saved subjects, composed from the configuration (docs/subjects.md): the store (in process beside the
 * embedded credit store, PostgreSQL beside Redis), the cipher that seals them and the use cases. Null
 * when the deployment keeps none.
 */
import { randomBytes } from 'node:crypto';
import { createMemorySubjectStore } from './adapters/memory/subject-store.ts';
import { PostgresSubjectStore } from './adapters/postgres/subject-store.ts';
import type { ChargingStore, Clock } from './application/ports/credit-store.ts';
import type { DashboardStore } from './application/ports/dashboard-store.ts';
import type { Logger } from './application/ports/logger.ts';
import type { SubjectStore } from './application/ports/subject-store.ts';
import { createSubjectCipher, type SubjectCipher } from './application/subjects/cipher.ts';
import { createSubjects, type Subjects } from './application/subjects/subjects.ts';
import type { Config } from './config.ts';

export interface SubjectParts {
  readonly store: SubjectStore;
  readonly subjects: Subjects;
  readonly cipher: SubjectCipher;
}

export function composeSubjects(
  config: Config,
  store: ChargingStore,
  clock: Clock,
  auditLog: DashboardStore | null,
  logger: Logger,
): SubjectParts | null {
  const setting = config.subjects;
  if (setting.kind === 'off') return null;
  const subjectStore = setting.kind === 'memory' ? createMemorySubjectStore() : new PostgresSubjectStore({ url: setting.url });
  // In process without SUBJECT_KEYS: a key for this process only, as the subjects themselves are.
  const keys = setting.keys ?? [{ id: 'process', key: randomBytes(32) }];
  const cipher = createSubjectCipher(keys);
  if (setting.kind === 'postgres')
    logger.info(`saved subjects: ${subjectStore instanceof PostgresSubjectStore ? subjectStore.description : 'PostgreSQL'}`, {
      key: cipher.keyId,
    });
  const rateLimit = config.rateLimit.perSecond > 0 ? config.rateLimit : null;
  const subjects = createSubjects({
    store,
    subjects: subjectStore,
    cipher,
    rateLimit,
    clock,
    // What was done to which subject, never its name or birth.
    audit:
      auditLog === null
        ? null
        : async ({ action, accountId, subjectId }) => {
            await auditLog.appendAudit({
              atMs: clock.now(),
              actor: 'api-key',
              action,
              accountId,
              details: { subject_id: subjectId },
              address: null,
            });
          },
  });
  return { store: subjectStore, subjects, cipher };
}
