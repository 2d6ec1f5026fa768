/** An admin token with an expiry works until it, then is refused with a message that says so; one without lasts until revoked. */
import { describe, expect, it } from 'vitest';
import { MemoryCreditStore } from '../../../src/adapters/memory/credit-store.ts';
import { MemoryDashboardStore } from '../../../src/adapters/memory/dashboard-store.ts';
import { createOperator } from '../../../src/application/operator/operator.ts';
import { CLI_CONTEXT } from '../../../src/application/operator/views.ts';
import { FakeClock } from '../../contract/credit-store.contract.ts';

describe('admin token expiry', () => {
  it('refused from its expiry on (end of the day in Tokyo for a date), never before; a past expiry is refused at creation', async () => {
    const clock = new FakeClock(Date.parse('2026-11-28T00:00:00Z'));
    const operator = createOperator({
      store: new MemoryCreditStore({ clock }),
      dashboard: new MemoryDashboardStore(),
      clock,
      publicUrl: 'https://bazi.example.com',
    });
    const created = await operator.createAdminToken(CLI_CONTEXT, { name: 'ci', scopes: ['read'], expiresAt: '2026-11-30' });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.value.record.expiresMs).toBe(Date.parse('2026-11-30T15:00:00Z'));
    const lasting = await operator.createAdminToken(CLI_CONTEXT, { name: 'ops', scopes: ['read'] });
    if (!lasting.ok) throw new Error('not created');
    const bearer = `Bearer ${created.value.token}`;
    expect((await operator.authenticate(bearer, 'read')).ok).toBe(true);
    clock.advance(Date.parse('2026-11-30T15:00:00Z') - clock.now() - 1);
    expect((await operator.authenticate(bearer, 'read')).ok).toBe(true);
    clock.advance(1);
    const refused = await operator.authenticate(bearer, 'read');
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.message).toBe('Admin token expired at 2026-11-30T15:00:00.000Z: create a new one (admin create-admin-token)');
    expect((await operator.authenticate(`Bearer ${lasting.value.token}`, 'read')).ok).toBe(true);
    const past = await operator.createAdminToken(CLI_CONTEXT, { name: 'late', scopes: ['read'], expiresAt: '2026-11-01' });
    expect(past.ok).toBe(false);
    if (!past.ok) expect(past.error.issues[0]).toEqual({ field: 'expires_at', message: 'expires_at must be in the future' });
  });
});
