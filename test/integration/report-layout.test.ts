/**
 * The 鑑定書 is legible in every language: poppler reads every word's box on every page
 * (`pdftotext -bbox`), and no two words overlap, none leaves the page and none runs into the footer —
 * for the five languages with a partner (every part the report draws), and for a three-pillar chart
 * without a gender. Long English names wrap inside their cells; the rows grow with them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appWithAccount } from '../support/app-with-account.ts';
import { requireBinary } from '../support/require-binary.ts';

const ARTIFACTS = new URL('../../.test-artifacts/', import.meta.url).pathname;
const A4 = { width: 595.28, height: 841.89 } as const;
/** The footer's band: the page's last 50 points hold the version and the page number only. */
const FOOTER_TOP = A4.height - 50;
const poppler = requireBinary('the report layout test (poppler-utils)', 'pdftotext');

interface WordBox {
  readonly page: number;
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Every word of the PDF with its box, in points from the page's top left. */
function wordBoxes(path: string): WordBox[] {
  const xml = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
  return xml
    .split('<page ')
    .slice(1)
    .flatMap((page, index) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        page: index + 1,
        text: m[5]!,
        x0: Number(m[1]),
        y0: Number(m[2]),
        x1: Number(m[3]),
        y1: Number(m[4]),
      })),
    );
}

/** Pairs of words whose boxes share more than half a point each way (rounding in poppler's boxes is less). */
function overlaps(words: readonly WordBox[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      if (a.page !== b.page) continue;
      const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (across > 0.5 && down > 0.5) found.push(`page ${a.page}: "${a.text}" over "${b.text}" at y ${a.y0.toFixed(1)}`);
    }
  }
  return found;
}

const PARTNER = { year: 1988, month: 8, day: 8, time: '23:40', place: '大阪市', gender: 'male' };
const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', place: '東京都', gender: 'female', luck_year: 2026 };
const CASES = [
  ...(['ja', 'zh-Hans', 'zh-Hant', 'en', 'ko'] as const).map((lang) => ({
    name: `${lang} with a partner`,
    body: { ...BIRTH, lang, partner: PARTNER },
  })),
  // A chart near a 節 and an hour boundary, with its notes and warnings, on the other side of the world.
  {
    name: 'en near a boundary in New York',
    body: {
      year: 2000,
      month: 2,
      day: 4,
      time: '20:59',
      location: -74.0,
      timezone: 'America/New_York',
      gender: 'male',
      luck_year: 2030,
      lang: 'en',
      partner: PARTNER,
    },
  },
  {
    name: 'ja three pillars with a gender (the start as a range)',
    body: { year: 2021, month: 1, day: 3, time_unknown: true, place: '東京都', gender: 'female', luck_year: 2026 },
  },
  {
    name: 'en three pillars without a gender',
    body: { year: 1990, month: 5, day: 15, time_unknown: true, place: '東京都', luck_year: 2026, lang: 'en' },
  },
];

describe.skipIf(poppler === undefined)('the 鑑定書’s layout', () => {
  const env = appWithAccount(2000);
  const dir = mkdtempSync(join(tmpdir(), 'report-layout-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(CASES)('$name: no two words overlap, none leaves the page or enters the footer', async ({ name, body }) => {
    const response = await fetch(`${env.app.baseUrl}/v1/report.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(
      response.status,
      await response
        .clone()
        .text()
        .then((t) => t.slice(0, 300)),
    ).toBe(200);
    const path = join(dir, `${name.replaceAll(/\W+/g, '-')}.pdf`);
    writeFileSync(path, Buffer.from(await response.arrayBuffer()));
    mkdirSync(ARTIFACTS, { recursive: true });
    execFileSync('pdftoppm', ['-r', '60', '-png', path, join(ARTIFACTS, `report-layout-${name.replaceAll(/\W+/g, '-')}`)]);

    // The birthplace, named in the reader's language, when the request named one.
    const text = execFileSync('pdftotext', ['-l', '1', path, '-'], { encoding: 'utf8' });
    const birthplace: string | undefined = { ja: '出生地: 東京都、日本', en: 'Birthplace: Tokyo, Japan' }[
      ('lang' in body ? body.lang : undefined) ?? 'ja'
    ];
    if ('place' in body && birthplace !== undefined) expect(text).toContain(birthplace);
    const words = wordBoxes(path);
    expect(words.length).toBeGreaterThan(200);
    expect(overlaps(words)).toEqual([]);
    const outside = words
      .filter((w) => w.x0 < 0 || w.y0 < 0 || w.x1 > A4.width || w.y1 > A4.height)
      .map((w) => `page ${w.page}: ${w.text}`);
    expect(outside).toEqual([]);
    const pages = Math.max(...words.map((w) => w.page));
    // The footer line: the version (`engine …`) at the left, `n / N` at the right; nothing else so low.
    const inFooter = words.filter((w) => w.y1 > FOOTER_TOP);
    const footerWords = new Set(inFooter.map((w) => w.text));
    for (let page = 1; page <= pages; page++) expect(footerWords.has(`${page}`), `page ${page}'s number`).toBe(true);
    const body_ = inFooter.filter((w) => w.y0 < A4.height - 40);
    expect(body_.map((w) => `page ${w.page}: ${w.text}`)).toEqual([]);
  });
});
