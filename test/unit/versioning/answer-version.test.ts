/**
 * The answer's version (wire/answer-version.ts): digests that do not depend on the process, a
 * `rules` digest that follows every setting that changes results (and not the naming of a default),
 * and data/versions.json's newest entry equal to this build.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseChartRequest, type ChartRequest } from '../../../src/domain/chart/request.ts';
import pkg from '../../../package.json' with { type: 'json' };
import {
  answerVersionOf,
  canonicalJson,
  ENGINE_VERSION,
  ephemerisDigest,
  ruleSettingsOf,
  rulesDigest,
  ruleTablesDigest,
  versionHeaders,
} from '../../../src/wire/answer-version.ts';
import { currentBuild, VERSION_ENTRIES } from '../../../src/wire/versions.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
const requestOf = (fields: Record<string, unknown>): ChartRequest => {
  const parsed = parseChartRequest({ ...BIRTH, ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.request;
};
const DIGEST = /^sha256:[0-9a-f]{16}$/;

describe('digests', () => {
  it('engine is the package version; the digests are sha256: and 16 hex digits', () => {
    const version = answerVersionOf(requestOf({}));
    expect(version.engine).toBe(pkg.version);
    expect(version.ephemeris).toMatch(DIGEST);
    expect(version.rules).toMatch(DIGEST);
  });

  it('are the same in another process (no host state, no insertion order)', () => {
    const script = [
      `import { answerVersionOf, ephemerisDigest, ruleTablesDigest } from ${JSON.stringify(new URL('../../../src/wire/answer-version.ts', import.meta.url).pathname)};`,
      `import { parseChartRequest } from ${JSON.stringify(new URL('../../../src/domain/chart/request.ts', import.meta.url).pathname)};`,
      `const parsed = parseChartRequest(${JSON.stringify({ ...BIRTH, solar_time: 'apparent' })});`,
      'console.log(JSON.stringify([ephemerisDigest(), ruleTablesDigest(), answerVersionOf(parsed.request).rules]));',
    ].join('\n');
    const run = () =>
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          encoding: 'utf8',
          env: { ...process.env, TZ: 'America/New_York' },
        }),
      ) as unknown;
    const expected = [ephemerisDigest(), ruleTablesDigest(), answerVersionOf(requestOf({ solar_time: 'apparent' })).rules];
    expect(run()).toEqual(expected);
    expect(run()).toEqual(expected);
  });

  it('canonical JSON sorts keys and leaves out functions', () => {
    expect(canonicalJson({ b: 1, a: [new Uint8Array([2, 3])], f: () => 1 })).toBe('{"a":[[2,3]],"b":1}');
  });
});

describe('rules follows the settings that change results', () => {
  const plain = answerVersionOf(requestOf({}));
  it.each([
    ['solar_time', { solar_time: 'apparent' }],
    ['day_boundary', { day_boundary: '23:00' }],
    ['zokan_table', { zokan_table: 'nijuhachigen' }],
    ['zokan_count', { zokan_count: 'elapsed' }],
    ['luck_method', { gender: 'male', luck_method: 'classical' }],
  ])('changing %s changes rules, not engine or ephemeris', (_name, fields) => {
    const other = answerVersionOf(requestOf(fields));
    expect(other.rules).not.toBe(plain.rules);
    expect(other.engine).toBe(plain.engine);
    expect(other.ephemeris).toBe(plain.ephemeris);
  });

  it('a star option of the special_stars section changes rules; naming a default does not', () => {
    const request = requestOf({});
    expect(answerVersionOf(request, { include: ['special_stars'], stars: { yangBlade: 'japanese' } }).rules).toBe(plain.rules);
    expect(answerVersionOf(request, { include: ['special_stars'], stars: { selfMatch: true } }).rules).not.toBe(plain.rules);
  });

  it('naming the default settings, another birth or another language keeps rules', () => {
    const named = requestOf({ solar_time: 'mean', day_boundary: '00:00', zokan_table: 'getsuritsu', zokan_count: 'date', lang: 'en' });
    expect(answerVersionOf(named).rules).toBe(plain.rules);
    expect(answerVersionOf(requestOf({ year: 2001, location: 135 })).rules).toBe(plain.rules);
  });
});

describe('remembered versions (one digest per combination of settings)', () => {
  const combinations = [
    {},
    { solar_time: 'apparent' },
    { solar_time: 'mean', day_boundary: '23:00' },
    { zokan_table: 'nijuhachigen', zokan_count: 'elapsed' },
    { hemisphere: 'south' },
    { gender: 'female', luck_method: 'classical' },
    { gender: 'female', luck_method: 'classical', solar_time: 'apparent', hemisphere: 'south', day_boundary: '23:00' },
  ];
  const starOptions = [undefined, { include: ['special_stars'], stars: { selfMatch: true } }, { stars: { selfMatch: false } }];
  it('each equals the digest computed afresh, asked first or again, in any order', () => {
    for (const round of [0, 1])
      for (const fields of round === 0 ? combinations : [...combinations].reverse())
        for (const sections of starOptions) {
          const request = requestOf(fields);
          const version = answerVersionOf(request, sections);
          expect(version.rules, JSON.stringify({ fields, sections })).toBe(rulesDigest(ruleSettingsOf(request, sections)));
          expect(versionHeaders(version)).toEqual({
            'X-Engine-Version': ENGINE_VERSION,
            'X-Ephemeris-Digest': ephemerisDigest(),
            'X-Rules-Digest': version.rules,
          });
        }
  });

  it('different settings never share one', () => {
    const seen = new Map<string, string>();
    for (const fields of combinations) {
      const digest = answerVersionOf(requestOf(fields)).rules;
      expect(seen.get(digest), JSON.stringify(fields)).toBeUndefined();
      seen.set(digest, JSON.stringify(fields));
    }
  });
});

describe('data/versions.json', () => {
  it('its newest entry has this build’s digests', () => {
    const newest = VERSION_ENTRIES[0]!;
    const current = currentBuild();
    expect(
      { ephemeris: newest.ephemeris, rules_tables: newest.rules_tables },
      `A table changed: data/versions.json's newest entry (${newest.version}) must carry this build's digests. ` +
        'Run `npm run versions:update` and describe the change in its `changes` (area ephemeris or rules).',
    ).toEqual({ ephemeris: current.ephemeris, rules_tables: current.rules_tables });
    expect(current.engine).toBe(ENGINE_VERSION);
  });

  it('every entry has a version, a known area per change, and digests of the right form', () => {
    expect(new Set(VERSION_ENTRIES.map((e) => e.version)).size).toBe(VERSION_ENTRIES.length);
    for (const entry of VERSION_ENTRIES) {
      expect(entry.changes.length).toBeGreaterThan(0);
      for (const change of entry.changes) expect(['ephemeris', 'rules', 'api']).toContain(change.area);
      for (const digest of [entry.ephemeris, entry.rules_tables]) if (digest !== null) expect(digest).toMatch(DIGEST);
    }
  });
});
