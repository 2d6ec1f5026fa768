import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

const bazi = (args: string[], input?: string) => runCli('src/cli/bazi.ts', args, input);

describe('bazi terms', () => {
  it('lists the 24 terms of 2024 with UT and Asia/Tokyo times to the second', () => {
    const run = bazi(['terms', '2024']);
    expect(run.status).toBe(0);
    const terms = JSON.parse(run.stdout);
    expect(terms).toHaveLength(24);
    // VSOP87 + ΔT puts 2024 立春 at 08:27:08.1 UT (lunar-javascript's sxwnl: 08:27:06.8); NAOJ prints 17:27 JST.
    expect(terms[2]).toEqual({ name: '立春', longitude: 315, utc: '2024-02-04T08:27:08Z', local: '2024-02-04 17:27:08' });
    expect(terms.map((t: { name: string }) => t.name).slice(0, 3)).toEqual(['小寒', '大寒', '立春']);
    expect(terms[23].name).toBe('冬至');
  });

  it('--timezone changes only the local column', () => {
    const terms = JSON.parse(bazi(['terms', '2024', '--timezone', 'America/New_York']).stdout);
    expect(terms[2]).toEqual({ name: '立春', longitude: 315, utc: '2024-02-04T08:27:08Z', local: '2024-02-04 03:27:08' });
  });

  it.each([['terms'], ['terms', '1800'], ['terms', '2024', '--timezone', 'Nowhere/City'], ['nonsense']])(
    'bad arguments %j exit 2 with a one-line reason',
    (...args) => {
      const run = bazi(args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^bazi: .+\nusage:/);
    },
  );
});

describe('bazi chart --include', () => {
  it('a bad --include exits 2 with the rule; a good one adds the sections to every line', () => {
    const bad = bazi(['chart', '--include', 'luck,stars'], '{}\n');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /^bazi: --include must list some of "luck", "relations", "special_stars", "warnings", "alternatives", "convention_differences", "analysis", "void_periods", "palaces", "evidence"\n/,
    );
    const good = bazi(['chart', '--include', 'relations'], '{"year":1994,"month":7,"day":5,"time":"21:05","location":139.69}\n');
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout).relations.map((r: { name: string }) => r.name)).toEqual(['冲', '半会（火局）']);
  });
});

describe('bazi chart', () => {
  it('--help prints the usage and exits 0; all lines answered exits 0', () => {
    for (const args of [['--help'], ['-h'], ['chart', '--help']]) {
      const help = bazi(args, '');
      expect(help.status, args.join(' ')).toBe(0);
      expect(help.stdout).toContain('bazi chart --variant A|B');
      expect(help.stdout).toContain('exit status');
    }
    const ok = bazi(['chart'], '{"year":2024,"month":2,"day":4,"time":"17:27","location":135}\n');
    expect(ok.status).toBe(0);
  });

  it('an unknown member of a line is an error line naming it and the nearest known name', () => {
    const run = bazi(['chart'], '{"year":1990,"month":5,"day":15,"time":"10:30","location":-74,"timeZone":"America/New_York"}\n');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('timeZone is not a field of this request: did you mean "timezone"?'),
    });
  });

  it('--format table refuses the sections it cannot show, as a flag (exit 2) or on a line (exit 1)', () => {
    const flag = bazi(['chart', '--format', 'table', '--include', 'luck'], '');
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--include is not supported with --format table');
    const line = bazi(
      ['chart', '--format', 'table'],
      '{"year":2024,"month":2,"day":4,"time":"17:27","location":135,"include":["warnings"]}\n',
    );
    expect(line.status).toBe(1);
    expect(JSON.parse(line.stdout)).toMatchObject({ status: 'error', code: 'BAD_USER_INPUT', message: expect.stringContaining('include') });
  });

  it('answers each JSON line with a result or an error line, in order', () => {
    const input = [
      '{"year":2024,"month":2,"day":4,"time":"17:27","location":135}',
      'not json',
      '{"year":2023,"month":2,"day":29,"location":135}',
      '',
      '{"year":2024,"month":2,"day":4,"time":"17:26","location":135,"day_boundary":"23:00"}',
    ].join('\n');
    const run = bazi(['chart', '--variant', 'A'], input);
    // every line is answered, and the exit status says that some failed.
    expect(run.status).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({
      year_ganzhi: '甲辰',
      month_ganzhi: '丙寅',
      day_ganzhi: '戊戌',
      time_ganzhi: '辛酉',
      julian_day: 2460345,
    });
    expect(lines[1]).toEqual({ status: 'error', message: 'line is not valid JSON', code: 'BAD_USER_INPUT' });
    expect(lines[2]).toEqual({
      status: 'error',
      message: 'Invalid request: day must exist in the month: 2023-02 has 28 days',
      code: 'BAD_USER_INPUT',
    });
    expect(lines[3].year_ganzhi).toBe('癸卯');
  });

  it('Variant B uses slashes in term dates and a raw true solar time with seconds', () => {
    const run = bazi(['chart', '--variant', 'B'], '{"year":2024,"month":2,"day":4,"time":"17:27","location":139.6917}\n');
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ true_solar_time_raw: '2024-02-04 17:45:46', spring_date: '2024/02/04 17:27' });
    expect(result).not.toHaveProperty('input_longitude');
  });

  it('streams 5,000 lines through one process, one output line each', () => {
    const input = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({
        year: 1900 + (i % 201),
        month: 1 + (i % 12),
        day: 1 + (i % 28),
        hour: i % 24,
        minute: i % 60,
        location: (i % 360) - 180,
      }),
    ).join('\n');
    const run = bazi(['chart', '--variant', 'B'], input);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(5000);
    expect(lines.every((l) => JSON.parse(l).year_ganzhi !== undefined)).toBe(true);
  });

  it('rejects an unknown variant with exit code 2', () => {
    expect(bazi(['chart', '--variant', 'C'], '').status).toBe(2);
  });
});

describe('bazi compatibility', () => {
  it('answers each line of births with the 相性 result, an error line for a bad one, and exits 1 when one failed', () => {
    const pair = {
      a: { year: 1973, month: 12, day: 19, location: 139.69, gender: 'male' },
      b: { year: 1973, month: 10, day: 13, location: 139.69, gender: 'female' },
    };
    const run = bazi(['compatibility'], `${JSON.stringify(pair)}\n${JSON.stringify({ a: pair.a, c: pair.b })}\n`);
    expect(run.status).toBe(1);
    const [good, bad] = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The spouse stars of the printed couple (docs/scores.md): 己 and 壬, 正財 and 正官.
    expect(good).toMatchObject({ a: { day_master: '己' }, b: { day_master: '壬' }, score: 67, pillars_compared: 3 });
    expect(good.items.map((item: { code: string }) => item.code)).toContain('spouse_stars');
    expect(bad).toMatchObject({ status: 'error', code: 'BAD_USER_INPUT' });
    expect(bad.message).toContain('b is required');
    expect(bad.message).toContain('c');
    expect(bazi(['compatibility', '--format', 'table']).status).toBe(2);
    expect(bazi(['--help']).stdout).toContain('bazi compatibility');
  });
});

describe('bazi report', () => {
  it('answers each line with the PDF as an attachment, in the --lang language put into the birth, and an error line for a bad one', () => {
    const line = { birth: { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'male' }, luck_year: 2026 };
    const run = bazi(['report', '--lang', 'en'], `${JSON.stringify(line)}\n${JSON.stringify({ birth: line.birth })}\n`);
    expect(run.status).toBe(1);
    const [good, bad] = run.stdout
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(good).toMatchObject({ file_name: 'report-1990-05-15-2026.pdf', attachment: { mimeType: 'application/pdf' } });
    const pdf = Buffer.from(good.attachment.blob as string, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBe(good.byte_length);
    // The same line with the birth's own lang gives the same bytes: --lang went into the birth.
    const own = bazi(['report'], `${JSON.stringify({ ...line, birth: { ...line.birth, lang: 'en' } })}\n`);
    expect(JSON.parse(own.stdout).attachment.blob).toBe(good.attachment.blob);
    expect(bad).toMatchObject({ status: 'error', code: 'BAD_USER_INPUT' });
    expect(bad.message).toContain('luck_year');
  });
});
