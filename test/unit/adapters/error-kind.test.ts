/** The kind of a duty's failure (src/adapters/error-kind.ts): named from codes and known words, never carrying the message. */
import { describe, expect, it } from 'vitest';
import { errorKindOf } from '../../../src/adapters/error-kind.ts';
import { DomainError } from '../../../src/application/errors.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('errorKindOf', () => {
  it.each([
    [coded('password authentication failed for user "ledger" at db.internal:5432 with hunter2', '28P01'), 'authentication_failed'],
    [coded('no pg_hba.conf entry', '28000'), 'authentication_failed'],
    [coded('database "fp" does not exist', '3D000'), 'database_not_found'],
    [coded('permission denied for table ledger_entries', '42501'), 'permission_denied'],
    [coded('relation does not exist', '42P01'), 'schema_error'],
    [coded('canceling statement due to statement timeout', '57014'), 'timeout'],
    [coded('the database system is shutting down', '57P03'), 'database_unavailable'],
    [coded('too many connections', '53300'), 'database_out_of_resources'],
    [coded('something new', '22P02'), 'postgres_22P02'],
    [coded('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'), 'connection_refused'],
    [coded('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'), 'host_not_found'],
    [new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'), 'authentication_failed'],
    [new Error('Connection terminated due to connection timeout'), 'timeout'],
    [new Error('Connection terminated unexpectedly'), 'connection_lost'],
    [new Error('WRONGPASS invalid username-password pair or user is disabled.'), 'authentication_failed'],
    [new Error("READONLY You can't write against a read only replica."), 'redis_read_only'],
    [new Error('Command timed out'), 'timeout'],
    [
      new DomainError('STORE_UNAVAILABLE', 'Credit store unavailable', { cause: coded('connect ECONNREFUSED', 'ECONNREFUSED') }),
      'connection_refused',
    ],
    [new DomainError('STORE_UNAVAILABLE', 'Credit store did not answer heartbeat within 1000 ms'), 'timeout'],
    [new DomainError('STORE_UNAVAILABLE', 'Credit store unavailable'), 'store_unavailable'],
    [new Error('the ledger database is at schema version 9, newer than this build knows (8)'), 'error'],
    ['a string', 'error'],
  ])('%s → %s', (error, kind) => {
    expect(errorKindOf(error)).toBe(kind);
  });

  it('never returns any part of the message', () => {
    const kind = errorKindOf(coded('password authentication failed: postgres://ledger:hunter2@db/fp', 'XX000'));
    expect(kind).toBe('postgres_XX000');
    expect(errorKindOf(new Error('postgres://ledger:hunter2@db/fp refused'))).toBe('error');
  });
});
