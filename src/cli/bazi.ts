/**
 * `npm run -s bazi -- …`: the calendar core from the command line.
 *
 *   bazi terms <year> [--timezone Z]   24 solar terms of a year as a JSON array
 *   bazi dates <year> <month> <day> [<hour>] --location L [--timezone Z] [--solar-time mean|apparent] [--day-boundary 00:00|23:00]
 *                                      every birth interval 1900–2100 with these pillars
 *   bazi places <name> [--limit N]    birthplaces by name (the `place_id` a chart line can give)
 *   bazi places <name> [--limit 10]
    birthplaces by any of their names or the beginning of one (a chart line takes "place" or "place_id")
  bazi lunar <YYYY-MM-DD> [--calendar lunar_cn|lunar_kr|lunar_jp] [--leap]
  bazi dates <year> <month> <day> [<hour>] --location 139.69 [--timezone Asia/Tokyo] [--solar-time mean|apparent] [--day-boundary 00:00|23:00]
    every birth interval 1900–2100 whose chart has these pillars (e.g. bazi dates 甲辰 丙寅 戊戌 --location 139.69)
 *                                      a Gregorian date in the three lunar calendars, or (with --calendar) a lunar date's Gregorian date
 *   bazi chart --variant A|B [--include luck,relations,special_stars] [--format json|table]
 *                                      JSON lines in (request fields + options), one result per line out;
 *                                      a line may carry its own `include` (and `luck_cycles`, `luck_years`, `luck_months`, `star_*`)
 *   bazi <operation>                   every other registered paid operation (compatibility, …): JSON lines of
 *                                      its MCP tool's arguments in, one `result` (or error body) per line out
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { errorBody, type DomainError } from '../application/errors.ts';
import { OPERATIONS } from '../application/operations/index.ts';
import { includeValues, parseChartExtras } from '../wire/chart-sections.ts';
import { refusals } from '../application/refusals.ts';
import { meishikiOf } from '../domain/chart/meishiki.ts';
import { catalogueFor } from '../domain/catalogue/catalogues.ts';
import { VARIANTS, type Variant } from '../domain/chart/variants.ts';
import { isPlainObject } from '../domain/plain-object.ts';
import { chartRequestOnTheWire } from '../wire/chart-json.ts';
import type { Outcome } from '../application/outcome.ts';
import type { AnyOperationDeclaration, ToolRead } from '../wire/operations/declaration.ts';
import { paidOperations } from '../wire/operations/index.ts';
import { once } from '../application/registry.ts';
import { LANGS, langOf, langRule, type Lang } from '../domain/catalogue/lang.ts';
import { meishikiTable } from './meishiki-table.ts';
import { composeLocalReports } from '../compose-local.ts';
import type { ReportRenderer } from '../application/ports/report-renderer.ts';
import { lunarDates } from '../domain/calendar/lunar-dates.ts';
import { placesDeclaration } from '../wire/operations/free/places.ts';
import { solarTermsDeclaration } from '../wire/operations/free/solar-terms.ts';
import { pillarsToDatesOf } from '../wire/present/pillars-to-dates-json.ts';

/** The paid operations served by `bazi <name>`: all but the chart, which has its own command. */
const operationCommands = once(
  (): ReadonlyMap<string, AnyOperationDeclaration> =>
    new Map(
      paidOperations()
        .filter((declaration) => declaration.mcp !== undefined && declaration.operation.name !== 'chart')
        .map((declaration) => [declaration.operation.name, declaration]),
    ),
);

const usage = () => `usage:
  bazi terms <year> [--timezone Asia/Tokyo] [--lang ${LANGS.join('|')}]
  bazi places <name> [--limit 10]
    birthplaces by any of their names or the beginning of one (a chart line takes "place" or "place_id")
  bazi lunar <YYYY-MM-DD> [--calendar lunar_cn|lunar_kr|lunar_jp] [--leap]
  bazi dates <year> <month> <day> [<hour>] --location 139.69 [--timezone Asia/Tokyo] [--solar-time mean|apparent] [--day-boundary 00:00|23:00]
    every birth interval 1900–2100 whose chart has these pillars (e.g. bazi dates 甲辰 丙寅 戊戌 --location 139.69)
    without --calendar: the Gregorian date in the three lunar calendars; with it: the lunar date's Gregorian date
  bazi chart --variant A|B [--include ${includeValues().join(',')}] [--format json|table] [--lang ${LANGS.join('|')}]   < requests.jsonl > results.jsonl
    one request per line (the REST fields); one answer per line, an error body for a line that fails
    luck needs "gender" ("male" or "female") on each line; "luck_method" picks the 起運 method
    "time_unknown": true (no "time") gives a three-pillar chart: no hour pillar, the alternatives over the whole day
    --format table prints the 命式表 only (no --include sections)
    --lang: the language of the labels and texts (default ja) for lines without their own "lang"
  bazi ${[...operationCommands().keys()].join('|')} [--lang ${LANGS.join('|')}]   < requests.jsonl > results.jsonl
    one request per line (the MCP tool's arguments, e.g. {"a": {…birth…}, "b": {…birth…}}); one result per line
    a report's PDF comes in the line as attachment.blob (base64); --lang goes into a report's birth
  exit status: 0 all lines answered, 1 some line failed (every line is still answered), 2 bad arguments
  bazi --help`;

class UsageError extends Error {}

const errorLine = (error: DomainError): string => JSON.stringify(errorBody(error));

type Format = 'json' | 'table';

/** A line's answer: a result, or an error body (`ok` false). */
interface LineAnswer {
  readonly text: string;
  readonly ok: boolean;
}
const failed = (error: DomainError): LineAnswer => ({ text: errorLine(error), ok: false });

const NOT_JSON = Symbol('not JSON');
/** A line's JSON value, or NOT_JSON. */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** A line's value with the `--lang` flag's language, unless the line names its own. */
const withLang = (raw: unknown, lang: Lang | undefined): unknown =>
  lang === undefined || !isPlainObject(raw) || raw['lang'] != null ? raw : { ...raw, lang };

/** One line's answer, and whether it is a chart (false: an error body). */
function chartLine(line: string, variant: Variant, include: URLSearchParams | null, format: Format, lang?: Lang): LineAnswer {
  const raw = withLang(parseLine(line), lang);
  if (raw === NOT_JSON) return failed(refusals.lineNotJson());
  const object = isPlainObject(raw) ? raw : null;
  if (format === 'table' && object?.['include'] != null) {
    return failed(
      refusals.invalidField('include', 'include is not supported with --format table, which prints the 命式表 only: use --format json'),
    );
  }
  // The chart operation's own validation and computation, unpaid: the CLI runs on this machine.
  const request = chartRequestOnTheWire(variant, raw, include, object);
  const order = OPERATIONS.chart.validate(request.input);
  if (!order.ok) return failed(order.error);
  const cast = OPERATIONS.chart.compute(order.value);
  if (format === 'table') {
    const catalogue = catalogueFor(cast.core.request.lang);
    return { text: `${meishikiTable(meishikiOf(cast.core, catalogue), catalogue)}\n`, ok: true };
  }
  return { text: JSON.stringify(request.present(cast)), ok: true };
}

/**
 * `--lang` on a line of a registered operation: where its tool takes `lang` (the 相性), beside the
 * arguments; where it takes a `birth` and no `lang` (the report, in the birth's language), in the birth.
 */
function operationWithLang(raw: unknown, declaration: AnyOperationDeclaration, lang: Lang | undefined): unknown {
  if (lang === undefined || !isPlainObject(raw)) return raw;
  const properties = (declaration.mcp!.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
  if ('lang' in properties) return withLang(raw, lang);
  const birth = raw['birth'];
  return 'birth' in properties && isPlainObject(birth) ? { ...raw, birth: withLang(birth, lang) } : raw;
}

/**
 * One line of a registered operation: its tool's arguments in, its `result` out, computed here unpaid.
 * A file the answer carries (the report's PDF) comes along as `attachment` (`uri`, `mimeType`, `blob` in base64).
 */
async function operationLine(
  line: string,
  declaration: AnyOperationDeclaration,
  reports: ReportRenderer,
  lang?: Lang,
): Promise<LineAnswer> {
  const raw = operationWithLang(parseLine(line), declaration, lang);
  if (raw === NOT_JSON) return failed(refusals.lineNotJson());
  const read: Outcome<ToolRead<unknown, unknown>> = declaration.mcp!.read(isPlainObject(raw) ? raw : {});
  if (!read.ok) return failed(read.error);
  const order = declaration.operation.validate(read.value.input);
  if (!order.ok) return failed(order.error);
  const result = await read.value.present(declaration.operation.compute(order.value), { accountId: '', reports });
  const attachment = read.value.attachment?.();
  return { text: JSON.stringify(attachment === undefined ? result : { ...(result as object), attachment }), ok: true };
}

/** Answers each stdin line with `answer`, batching the writes; resolves with the number of lines that failed. */
async function answerLines(answer: (line: string) => LineAnswer | Promise<LineAnswer>): Promise<number> {
  // Batch writes: lines that arrive together leave together, one write per event-loop turn.
  let pending: string[] = [];
  let failures = 0;
  let flushScheduled = false;
  const flush = (): void => {
    flushScheduled = false;
    if (pending.length > 0) process.stdout.write(`${pending.join('\n')}\n`);
    pending = [];
  };
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    const answered = await answer(line);
    if (!answered.ok) failures += 1;
    pending.push(answered.text);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  }
  flush();
  return failures;
}

/** Resolves with the number of lines that failed. */
async function chart(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      variant: { type: 'string', default: 'B' },
      include: { type: 'string' },
      format: { type: 'string', default: 'json' },
      lang: { type: 'string' },
    },
  });
  const lang = langFlag(values.lang);
  const format = values.format;
  if (format !== 'json' && format !== 'table') throw new UsageError(`--format must be json or table, got ${format}`);
  if (format === 'table' && values.include !== undefined) {
    throw new UsageError('--include is not supported with --format table, which prints the 命式表 only: use --format json');
  }
  const variant = values.variant?.toUpperCase();
  const include = values.include === undefined ? null : new URLSearchParams({ include: values.include });
  const flagIssue = include === null ? undefined : parseChartExtras(include, null).issues[0];
  if (flagIssue !== undefined) throw new UsageError(`--${flagIssue.message}`);
  if (!VARIANTS.includes(variant as Variant)) throw new UsageError(`--variant must be A or B, got ${values.variant}`);
  return answerLines((line) => chartLine(line, variant as Variant, include, format, lang));
}

function terms(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { timezone: { type: 'string', default: 'Asia/Tokyo' }, lang: { type: 'string' } },
  });
  if (positionals.length !== 1 || !/^\d{4}$/.test(positionals[0]!)) throw new UsageError('terms needs one year, e.g. bazi terms 2024');
  // The rules are the operation's (wire/operations/free/solar-terms.ts), as on MCP and GraphQL.
  const answer = solarTermsDeclaration.answer({ year: Number(positionals[0]), timezone: values.timezone, lang: values.lang }, 'arguments');
  if (!answer.ok)
    throw new UsageError(answer.issues.map((issue) => (issue.field === 'year' ? issue.message : `--${issue.message}`)).join('; '));
  process.stdout.write(`${JSON.stringify(answer.answer.terms, null, 2)}\n`);
}

function dates(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      location: { type: 'string' },
      timezone: { type: 'string' },
      'solar-time': { type: 'string' },
      'day-boundary': { type: 'string' },
    },
  });
  if (positionals.length < 3 || positionals.length > 4)
    throw new UsageError('dates needs three or four pillars, e.g. bazi dates 甲辰 丙寅 戊戌 --location 139.69');
  if (values.location === undefined) throw new UsageError('dates needs --location (east longitude)');
  const [year, month, day, hour] = positionals;
  const answer = pillarsToDatesOf({
    year_pillar: year,
    month_pillar: month,
    day_pillar: day,
    ...(hour === undefined ? {} : { hour_pillar: hour }),
    location: Number(values.location),
    ...(values.timezone === undefined ? {} : { timezone: values.timezone }),
    ...(values['solar-time'] === undefined ? {} : { solar_time: values['solar-time'] }),
    ...(values['day-boundary'] === undefined ? {} : { day_boundary: values['day-boundary'] }),
  });
  if (!answer.ok) {
    process.stdout.write(`${errorLine(refusals.invalidRequest(answer.issues))}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(answer.answer, null, 2)}\n`);
  return 0;
}

function places(args: string[]): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { limit: { type: 'string', default: '10' } } });
  if (positionals.length !== 1 || positionals[0]!.trim() === '') throw new UsageError('places needs one name, e.g. bazi places 札幌');
  // The rules are the operation's (wire/operations/free/places.ts), as on REST, MCP and GraphQL.
  const answer = placesDeclaration.answer({ q: positionals[0], limit: Number(values.limit) }, 'arguments');
  if (!answer.ok) throw new UsageError(answer.issues.map((issue) => `--${issue.message}`).join('; '));
  process.stdout.write(`${JSON.stringify(answer.answer.places, null, 2)}\n`);
  return 0;
}

function lunar(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { calendar: { type: 'string' }, leap: { type: 'boolean' } },
  });
  const match = positionals.length === 1 ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(positionals[0]!) : null;
  if (match === null) throw new UsageError('lunar needs one date YYYY-MM-DD, e.g. bazi lunar 1997-02-08');
  if (values.leap === true && values.calendar === undefined) throw new UsageError('--leap needs --calendar (a lunar date)');
  const answer = lunarDates(
    values.calendar === undefined
      ? { date: `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}` }
      : {
          calendar: values.calendar,
          year: Number(match[1]),
          month: Number(match[2]),
          day: Number(match[3]),
          leap_month: values.leap === true,
        },
  );
  if (!answer.ok) {
    process.stdout.write(`${errorLine(refusals.invalidRequest(answer.issues))}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(answer.answer, null, 2)}\n`);
  return 0;
}

/** `--lang`'s language; an unknown one is a usage error naming the five. */
function langFlag(value: string | undefined): Lang | undefined {
  if (value === undefined) return undefined;
  const lang = langOf(value);
  if (lang === undefined) throw new UsageError(`--${langRule('lang', value)}`);
  return lang;
}

const HELP = new Set(['--help', '-h', 'help']);

/** Resolves with the exit status. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (argv.some((arg) => HELP.has(arg))) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  if (command === 'terms') {
    terms(rest);
    return 0;
  }
  if (command === 'lunar') return lunar(rest);
  if (command === 'places') return places(rest);
  if (command === 'dates') return dates(rest);
  if (command === 'chart') return (await chart(rest)) > 0 ? 1 : 0;
  const operation = command === undefined ? undefined : operationCommands().get(command);
  if (operation !== undefined) {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { lang: { type: 'string' } } });
    if (positionals.length > 0) throw new UsageError(`${command} takes no arguments but --lang: one request per line on stdin`);
    const lang = langFlag(values.lang);
    const reports = composeLocalReports();
    // The renderer's thread does not hold the process (a stdio host may close at any time): this command
    // does, until every line is answered.
    const hold = setInterval(() => undefined, 60_000);
    try {
      return (await answerLines((line) => operationLine(line, operation, reports, lang))) > 0 ? 1 : 0;
    } finally {
      clearInterval(hold);
      await reports.close();
    }
  }
  throw new UsageError(command === undefined ? 'missing command' : `unknown command: ${command}`);
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`bazi: ${(error as Error).message}\n${usage()}\n`);
      process.exit(2);
    }
    throw error;
  },
);
