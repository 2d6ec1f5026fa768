/**
 * The 鑑定書 from outside: `GET|POST /v1/report.pdf` on the real server answers a PDF that poppler
 * opens (pdfinfo: A4, its pages), whose fonts are embedded subsets (pdffonts), whose text is the chart's
 * (pdftotext), and that renders (pdftoppm, screens in .test-artifacts/); equal requests give equal
 * bytes; GraphQL's `report` is the same file in base64; it is charged once at its own price, and a bad
 * request is refused naming the field, free.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { creditState } from '../rest/support/server.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { requireBinary } from '../support/require-binary.ts';
import { budgetMs } from '../support/time-budget.ts';

const ARTIFACTS = new URL('../../.test-artifacts/', import.meta.url).pathname;
const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', place: '東京都', gender: 'female' };
const poppler = requireBinary('the report test (poppler-utils)', 'pdftoppm');

describe.skipIf(poppler === undefined)('the 鑑定書 PDF', () => {
  const env = appWithAccount(2000);
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const get = async (params: Record<string, string | number>) =>
    fetch(`${env.app.baseUrl}/v1/report.pdf?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, {
      headers: { authorization: `Bearer ${env.account.apiKey}` },
    });
  const save = (name: string, bytes: Buffer): string => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const run = (command: string, ...args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

  it(
    'GET: a PDF on A4 with embedded font subsets and the chart’s text, charged its price once; equal requests, equal bytes',
    async () => {
      const before = await creditState(env.app.admin, env.account.accountId);
      const first = await get({ ...BIRTH, luck_year: 2026 });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/pdf');
      expect(first.headers.get('content-disposition')).toBe('inline; filename="report-1990-05-15-2026.pdf"');
      expect(first.headers.get('x-credits-consumed')).toBe('50');
      expect(first.headers.get('x-rules-digest')).toMatch(/^sha256:[0-9a-f]{16}$/);
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const again = Buffer.from(await (await get({ ...BIRTH, luck_year: 2026 })).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
      expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
        ...before,
        monthly: before.monthly - 100,
        ledger: before.ledger + 2,
      });

      const path = save('ja.pdf', bytes);
      const info = run('pdfinfo', path);
      expect(info).toMatch(/Pages:\s+3\n/);
      expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
      expect(info).toContain('四柱推命 鑑定書');
      const fonts = run('pdffonts', path)
        .split('\n')
        .slice(2)
        .filter((line) => line.trim() !== '');
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line, line).toMatch(/^[A-Z]{6}\+NotoSansJP-(Regular|Bold)\s.*\syes\s+yes\s+yes\s/);
      const text = run('pdftotext', '-layout', path, '-');
      for (const words of [
        '四柱推命 鑑定書',
        '命式表',
        '五行の数',
        '大運',
        '2026年の運勢',
        '歳運: 丙午',
        '命式の分析',
        '身強・身弱',
        '格局',
        '用神',
      ]) {
        expect(text, words).toContain(words);
      }
      // The pillars (hour first, as printed) and the 大運 in force.
      expect(text).toMatch(/天干\s+辛\s+庚\s+辛\s+庚/);
      expect(text).toMatch(/地支\s+巳\s+辰\s+巳\s+午/);
      expect(text).toContain('庚寅'); // 2026's first 月運 (五虎遁 of 丙)
      run('pdftoppm', '-r', '80', '-png', path, join(dir, 'ja'));
      const pages = readdirSync(dir)
        .filter((name) => name.startsWith('ja-') && name.endsWith('.png'))
        .sort();
      expect(pages).toHaveLength(3);
      mkdirSync(ARTIFACTS, { recursive: true });
      for (const [i, page] of pages.entries()) {
        // A rendered page with content is far larger than a blank one (~3 KB at this size).
        expect(statSync(join(dir, page)).size, page).toBeGreaterThan(20_000);
        writeFileSync(join(ARTIFACTS, `report-ja-${i + 1}.png`), readFileSync(join(dir, page)));
      }
    },
    budgetMs(60_000),
  );

  it(
    'POST with a partner, in Korean: the 相性 page, the Korean font; GraphQL answers the same bytes in base64',
    async () => {
      const body = { ...BIRTH, lang: 'ko', luck_year: 2027, partner: { year: 1988, month: 8, day: 8, place: '大阪市', gender: 'male' } };
      const response = await fetch(`${env.app.baseUrl}/v1/report.pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const path = save('ko.pdf', bytes);
      expect(run('pdffonts', path)).toContain('NotoSansKR-Regular');
      const text = run('pdftotext', path, '-');
      expect(text).toContain('사주명리 감정서');
      expect(text).toContain('궁합');
      expect(text).toMatch(/\d+점 \(/);
      run('pdftoppm', '-r', '60', '-png', '-f', '1', '-l', '1', path, join(ARTIFACTS, 'report-ko'));

      const graphql = await fetch(`${env.app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `mutation { report(input: { year: 1990, month: 5, day: 15, time: "10:30", place: "東京都", gender: FEMALE, lang: KO }, luckYear: 2027,
          partner: { year: 1988, month: 8, day: 8, place: "大阪市", gender: MALE }) { creditsConsumed byteLength fileName pdfBase64 } }`,
        }),
      });
      const answer = (await graphql.json()) as { data: { report: { creditsConsumed: number; byteLength: number; pdfBase64: string } } };
      expect(answer.data.report.creditsConsumed).toBe(50);
      expect(Buffer.from(answer.data.report.pdfBase64, 'base64').equals(bytes)).toBe(true);
      expect(answer.data.report.byteLength).toBe(bytes.length);
    },
    budgetMs(60_000),
  );

  it('a missing or bad luck_year, an unknown member or a bad partner is a 400 naming it, and costs nothing; HEAD is a 405', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const missing = await get(BIRTH);
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toContain('luck_year is required');
    const typo = await get({ ...BIRTH, luck_year: 2026, luck_yeer: 2026 });
    expect((await typo.json()).message).toContain('luck_yeer is not a field of this request: did you mean "luck_year"?');
    expect((await (await get({ ...BIRTH, luck_year: 2200 })).json()).message).toContain('luck_year must be the pillar year');
    const partner = await fetch(`${env.app.baseUrl}/v1/report.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...BIRTH, luck_year: 2026, partner: { year: 1988, month: 13, day: 8, location: 135.5 } }),
    });
    expect(partner.status).toBe(400);
    expect(await partner.json()).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringContaining('partner: month must be') });
    const head = await fetch(`${env.app.baseUrl}/v1/report.pdf?year=1990&month=5&day=15&location=139.69&luck_year=2026`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${env.account.apiKey}` },
    });
    expect(head.status).toBe(405);
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });
});
