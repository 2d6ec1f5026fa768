/**
 * 小運, 日運 and 時運 (the `luck` section's `luck_minor`, `luck_days`, `luck_hours`) through REST (both
 * variants) and the CLI: the same answer on each; refusals name the option and charge nothing.
 */
import { describe, expect, it } from 'vitest';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';

const BIRTH = { year: 1994, month: 7, day: 5, time: '21:05', location: 139.69 };

describe('小運, 日運 and 時運 over REST and the CLI', () => {
  const env = appWithAccount();
  const rest = async (body: Record<string, unknown>, path = '/api/v1/calculate') => {
    const response = await fetch(`${env.app.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('answers 小運 per age, 日運 per day and the 12 時運 of a date, alike on both variants and the CLI', async () => {
    const request = {
      ...BIRTH,
      gender: 'male',
      include: ['luck'],
      luck_cycles: 2,
      luck_minor: 'hour_pillar',
      luck_days: '2025-01-30..2025-02-05',
      luck_hours: '2025-02-04',
    };
    const b = await rest(request);
    expect(b.status).toBe(200);
    const luck = b.body['result'].luck;
    expect(luck.minor.school).toBe('hour_pillar');
    expect(luck.minor.entries.length).toBeGreaterThan(10);
    expect(luck.days).toHaveLength(7);
    // Consecutive days: consecutive day pillars of the sexagenary cycle.
    const STEMS = '甲乙丙丁戊己庚辛壬癸';
    for (let i = 1; i < luck.days.length; i++) {
      expect((STEMS.indexOf(luck.days[i].ganzhi[0]) - STEMS.indexOf(luck.days[i - 1].ganzhi[0]) + 10) % 10).toBe(1);
    }
    expect(luck.hours).toHaveLength(12);
    expect(luck.hours.map((h: { ganzhi: string }) => h.ganzhi[1]).join('')).toBe('子丑寅卯辰巳午未申酉戌亥');

    const a = await rest(request, '/v1/calculate');
    expect(a.status).toBe(200);
    expect(a.body['luck'] ?? a.body['result']?.luck).toEqual(luck);

    const cli = runCli(
      'src/cli/bazi.ts',
      ['chart', '--include', 'luck'],
      `${JSON.stringify({ ...request, include: undefined })}
`,
    );
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).luck).toEqual(luck);
  });

  it('refuses a span over 366 days, a bad date and an unknown school, naming the option, before any charge', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const cases: [Record<string, unknown>, string][] = [
      [{ luck_days: '2025-01-01..2026-01-02' }, 'luck_days'],
      [{ luck_hours: '2025-02-30' }, 'luck_hours'],
      [{ luck_minor: 'lunar', gender: 'male' }, 'luck_minor'],
      [{ luck_minor: 'hour_pillar' }, 'gender'],
    ];
    for (const [extra, field] of cases) {
      const refused = await rest({ ...BIRTH, include: ['luck'], ...extra });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body['message']).toContain(field);
    }
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });
});
