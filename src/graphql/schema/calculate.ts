/**
 * `Mutation.calculate`: the paid chart, run through the one paid-operation pipeline. The input's
 * descriptions come from the request contract (the shared zod schema); the result is a union of the
 * two response variants, each a lazy view that computes only the selected sections.
 */
import type { VariantAEnvelope, VariantBEnvelope } from '../../wire/envelope.ts';
import { variantAEnvelope, variantBEnvelope } from '../../wire/envelope.ts';
import { luckIssues } from '../../wire/sections/luck/checks.ts';
import type { CastChart } from '../../application/operations/chart.ts';
import { OPERATIONS } from '../../application/operations/index.ts';
import { describeField, specNameOf } from '../../domain/chart/request-contract.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { lazyVariantA, lazyVariantB, type LazyResultA, type LazyResultB } from '../../domain/chart/variants.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';
import { LANGS, LANGUAGE_NAMES, type Lang } from '../../domain/catalogue/lang.ts';
import { builder } from '../builder.ts';
import { priceToken } from './price-token.ts';
import { credentialsOf, resolveOutcome } from '../resolve.ts';
import { VariantAResultType } from './variant-a-result.ts';
import { VariantBResultType } from './variant-b-result.ts';
import { GenderType, luckArgumentsOf, LuckMethodType } from './luck.ts';
import { GENDERS } from '../../domain/luck/luck-request.ts';
import { LUCK_METHODS } from '../../domain/luck/start-age.ts';
import { CalendarType, LUNAR_CALENDAR_VALUES } from './lunar.ts';

const VariantType = builder.enumType('Variant', {
  description: 'Response shape: A = the chart as `/v1/calculate` answers it, B = as `/api/v1/calculate` does.',
  values: { A: { value: 'A', description: 'Variant A.' }, B: { value: 'B', description: 'Variant B.' } } as const,
});

const SOLAR_TIME_VALUES = {
  MEAN: { value: 'mean', description: 'Local mean time: UT + longitude × 4 min (default).' },
  APPARENT: { value: 'apparent', description: 'Local mean time plus the equation of time.' },
} as const;

const DAY_BOUNDARY_VALUES = {
  MIDNIGHT: { value: '00:00', description: '00:00 (default): 23:00–23:59 keeps the date; its 子 hour takes the next day’s stem (夜子時).' },
  ZI_HOUR: { value: '23:00', description: '23:00: the day pillar changes at the start of the 子 hour (子初換日).' },
} as const;

const ZOKAN_TABLE_VALUES = {
  GETSURITSU: { value: 'getsuritsu', description: 'J1 月律分野蔵干 (default).' },
  NIJUHACHIGEN: { value: 'nijuhachigen', description: 'J2 二十八元.' },
} as const;

const ZOKAN_COUNT_VALUES = {
  DATE: { value: 'date', description: 'Birth date − 節入り date + 1 (default).' },
  ELAPSED: { value: 'elapsed', description: 'Whole 24-hour days since the 節入り instant + 1.' },
} as const;

const HEMISPHERE_VALUES = {
  NORTH: { value: 'north', description: 'The month branch of the 節 (default; every classical text).' },
  SOUTH: {
    value: 'south',
    description: 'The opposite season’s month branch (寅 ↔ 申), stem by 五虎遁: a minority convention for southern births.',
  },
} as const;

/** `lang` as a GraphQL enum (a name cannot hold a hyphen): `ZH_HANS` is `zh-Hans`. */
const LANGUAGE_VALUES = Object.fromEntries(
  LANGS.map((lang) => [lang.replace('-', '_').toUpperCase(), { value: lang, description: LANGUAGE_NAMES[lang] }]),
) as Record<string, { value: Lang; description: string }>;
export const LanguageType = builder.enumType('Language', {
  description:
    'The language of an answer’s labels and texts (BCP 47 tag in each value’s description). The stem and branch characters stay as they are.',
  values: LANGUAGE_VALUES,
});

export const SolarTimeType = builder.enumType('SolarTime', { description: 'How true solar time is computed.', values: SOLAR_TIME_VALUES });
export const DayBoundaryType = builder.enumType('DayBoundary', {
  description: 'When the day pillar changes.',
  values: DAY_BOUNDARY_VALUES,
});
const ZokanTableType = builder.enumType('ZokanTable', { description: 'Hidden-stem (蔵干) table.', values: ZOKAN_TABLE_VALUES });
const ZokanCountType = builder.enumType('ZokanCount', { description: 'How the 蔵干 day count is counted.', values: ZOKAN_COUNT_VALUES });
const HemisphereType = builder.enumType('Hemisphere', {
  description: 'Whose seasons the month pillar follows.',
  values: HEMISPHERE_VALUES,
});

/** REST value → GraphQL enum value name (`mean` → `MEAN`), for the input descriptions. */
const ENUM_NAME_OF_VALUE: ReadonlyMap<string, string> = new Map([
  ...[SOLAR_TIME_VALUES, DAY_BOUNDARY_VALUES, ZOKAN_TABLE_VALUES, ZOKAN_COUNT_VALUES, HEMISPHERE_VALUES].flatMap((values) =>
    Object.entries(values).map(([name, { value }]) => [value as string, name] as const),
  ),
  ...GENDERS.map((gender) => [gender, gender.toUpperCase()] as const),
  ...LUCK_METHODS.map((method) => [method.toLowerCase(), method] as const),
  ...Object.entries(LANGUAGE_VALUES).map(([name, { value }]) => [value as string, name] as const),
  ['gregorian', 'GREGORIAN'],
  ...Object.entries(LUNAR_CALENDAR_VALUES).map(([name, { value }]) => [value as string, name] as const),
]);

/** The GraphQL description of a request field: the contract's summary and rule, enum values spelled as GraphQL spells them. */
export function graphqlInputDescription(graphqlName: string): string {
  const field = CHART_REQUEST_FIELDS.find((candidate) => candidate.graphqlName === graphqlName);
  if (field === undefined) throw new Error(`CalculateInput.${graphqlName} is not in the request contract`);
  return describeField(field, (value) => ENUM_NAME_OF_VALUE.get(value) ?? `\`${value}\``);
}
const described = (graphqlName: string) => ({ description: graphqlInputDescription(graphqlName) });

/** GraphQL input (camelCase; the enums already carry the REST values) → the request fields in the spec's names. */
export const toSpecFields = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).map(([name, value]) => [specNameOf(name), value]));

export const CalculateInputType = builder.inputType('CalculateInput', {
  description:
    'A birth to chart: date, optional time, longitude and the convention options. Validated after authentication, with the REST rules.',
  fields: (t) => ({
    year: t.int({ required: true, ...described('year') }),
    month: t.int({ required: true, ...described('month') }),
    day: t.int({ required: true, ...described('day') }),
    location: t.float(described('location')),
    hour: t.int(described('hour')),
    minute: t.int(described('minute')),
    time: t.string(described('time')),
    timezone: t.string(described('timezone')),
    solarTime: t.field({ type: SolarTimeType, ...described('solarTime') }),
    dayBoundary: t.field({ type: DayBoundaryType, ...described('dayBoundary') }),
    zokanTable: t.field({ type: ZokanTableType, ...described('zokanTable') }),
    zokanCount: t.field({ type: ZokanCountType, ...described('zokanCount') }),
    hemisphere: t.field({ type: HemisphereType, ...described('hemisphere') }),
    gender: t.field({ type: GenderType, ...described('gender') }),
    luckMethod: t.field({ type: LuckMethodType, ...described('luckMethod') }),
    uncertaintyMinutes: t.int(described('uncertaintyMinutes')),
    timeUnknown: t.boolean(described('timeUnknown')),
    lang: t.field({ type: LanguageType, ...described('lang') }),
    place: t.string(described('place')),
    placeId: t.string(described('placeId')),
    calendar: t.field({ type: CalendarType, ...described('calendar') }),
    leapMonth: t.boolean(described('leapMonth')),
  }),
});

const CreditsUsedFromType = builder.objectRef<VariantAEnvelope<LazyResultA>['credits_used_from']>('CreditsUsedFrom').implement({
  description: 'Credits this call took from each balance.',
  fields: (t) => ({
    monthly: t.exposeInt('monthly', { description: 'From the monthly balance.' }),
    auto: t.exposeInt('auto', { description: 'From the auto-charged balance.' }),
  }),
});

type AutochargeInfo = VariantAEnvelope<LazyResultA>['autocharge_info'];
const AutochargeDebugType = builder.objectRef<AutochargeInfo['debug']>('AutochargeDebug').implement({
  description: 'Balances after the call and the autocharge threshold.',
  fields: (t) => ({
    monthlyCredits: t.exposeInt('monthly_credits', { description: 'Monthly balance.' }),
    autoCredits: t.exposeInt('auto_credits', { description: 'Auto balance.' }),
    totalCredits: t.exposeInt('total_credits', { description: 'Monthly + auto.' }),
    threshold: t.exposeInt('threshold', { description: 'Autocharge threshold (0 when off).' }),
  }),
});

const AutochargeInfoType = builder.objectRef<AutochargeInfo>('AutochargeInfo').implement({
  description: 'Whether this call triggered an autocharge.',
  fields: (t) => ({
    success: t.exposeBoolean('success', { description: 'True when credits were auto-charged after this call.' }),
    message: t.exposeString('message', { description: 'What happened, in words.' }),
    debug: t.expose('debug', { type: AutochargeDebugType, description: 'Balances and threshold.' }),
  }),
});

type EnvelopeA = VariantAEnvelope<LazyResultA>;
type EnvelopeB = VariantBEnvelope<LazyResultB>;

export const ChargedResponseType = builder.interfaceRef<VariantBEnvelope<unknown>>('ChargedResponse').implement({
  description: 'The envelope and credit fields both variants carry.',
  fields: (t) => ({
    status: t.exposeString('status', { description: '`success`.' }),
    message: t.exposeString('message', { description: 'Human-readable text.' }),
    creditsConsumed: t.exposeInt('credits_consumed', {
      description: 'Credits charged for this call: the operation’s price (0 on the enterprise plan).',
    }),
    creditsRemaining: t.exposeInt('credits_remaining', { description: 'Credits left after the call (monthly + auto).' }),
    transactionId: t.exposeString('transaction_id', {
      nullable: true,
      description: 'Ledger entry id; null when nothing was charged (enterprise).',
    }),
    logId: t.exposeString('log_id', { description: 'Log identifier; equals the `X-Request-Id` response header.' }),
  }),
});

const VariantAResponseType = builder.objectRef<EnvelopeA>('VariantAResponse').implement({
  description: 'Variant A response: the credit fields and the chart of `/v1/calculate`.',
  interfaces: [ChargedResponseType],
  fields: (t) => ({
    monthlyCredits: t.exposeInt('monthly_credits', { description: 'Monthly balance after the call.' }),
    autoCredits: t.exposeInt('auto_credits', { description: 'Auto balance after the call.' }),
    creditsUsedFrom: t.expose('credits_used_from', { type: CreditsUsedFromType, description: 'Where the credits came from.' }),
    autochargeInfo: t.expose('autocharge_info', { type: AutochargeInfoType, description: 'Autocharge outcome.' }),
    result: t.expose('result', { type: VariantAResultType, description: 'The chart.' }),
  }),
});

const VariantBResponseType = builder.objectRef<EnvelopeB>('VariantBResponse').implement({
  description: 'Variant B response: the credit fields and the chart of `/api/v1/calculate`.',
  interfaces: [ChargedResponseType],
  fields: (t) => ({
    result: t.expose('result', { type: VariantBResultType, description: 'The chart.' }),
  }),
});

const CalculateResultType = builder.unionType('CalculateResult', {
  description: 'The response in the requested variant.',
  types: [VariantAResponseType, VariantBResponseType],
  resolveType: (envelope) => (envelope.result.variant === 'A' ? 'VariantAResponse' : 'VariantBResponse'),
});

/** Only the core is computed before the charge; each selected section is derived when resolved. */
const presentLazily = ({ variant, core }: CastChart): LazyResultA | LazyResultB =>
  variant === 'A' ? lazyVariantA(core, catalogueFor(core.request.lang)) : lazyVariantB(core, catalogueFor(core.request.lang));

builder.mutationField('calculate', (t) =>
  t.field({
    type: CalculateResultType,
    // Nullable: one refused alias answers null with its error and leaves the other aliases' charged results in place.
    nullable: true,
    description:
      `Cast a chart and charge for it (${priceToken('chart')} credits; enterprise 0). Key: \`Authorization: Bearer <key>\` or \`X-API-Key\`. ` +
      'Errors carry `extensions.code` (BAD_USER_INPUT, UNAUTHENTICATED, INSUFFICIENT_CREDITS, IDEMPOTENCY_CONFLICT, STORE_UNAVAILABLE); no error charges.',
    args: {
      input: t.arg({ type: CalculateInputType, required: true, description: 'The birth to chart.' }),
      variant: t.arg({ type: VariantType, required: true, defaultValue: 'B', description: 'Response shape (default B).' }),
      idempotencyKey: t.arg.string({
        description:
          'Retry key: the same key and input within 24 h replays the first response without charging; another input → IDEMPOTENCY_CONFLICT.',
      }),
    },
    resolve: (_root, args, context, info) =>
      resolveOutcome(context, () => {
        // A selected `luck` needs a gender and valid arguments (the luck section's rules): checked before the charge.
        const luckArguments = luckArgumentsOf(info, args.variant);
        return context.services.paid.run(
          OPERATIONS.chart,
          {
            fields: toSpecFields(args.input),
            variant: args.variant,
            checks: luckArguments && ((request) => luckIssues(request, luckArguments)),
          },
          { credentials: credentialsOf(context), idempotencyKey: args.idempotencyKey, identity: context.identity },
          presentLazily,
        );
      }).then(({ result, receipt }) => (result.variant === 'A' ? variantAEnvelope(result, receipt) : variantBEnvelope(result, receipt))),
  }),
);
