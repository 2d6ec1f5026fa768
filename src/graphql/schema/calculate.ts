/**
 * `Mutation.calculate`: the paid chart. Input validated by the shared zod schema; the result is a
 * union of the two response variants.
 */
import { resolveCredentials } from '../../application/credentials.js';
import type { VariantAEnvelope, VariantBEnvelope } from '../../application/envelope.js';
import type { LazyChart } from '../../application/lazy-chart-engine.js';
import { builder } from '../builder.js';
import { ChartView } from '../chart-view.js';
import { resolveOutcome } from '../errors.js';
import { VariantAResultType } from './variant-a-result.js';
import { VariantBResultType } from './variant-b-result.js';

const VariantType = builder.enumType('Variant', {
  description: 'Response shape: A = `/v1/calculate` (spec §2.3), B = `/api/v1/calculate` (spec §2.4).',
  values: { A: { value: 'A', description: 'Variant A.' }, B: { value: 'B', description: 'Variant B.' } } as const,
});

const SolarTimeType = builder.enumType('SolarTime', {
  description: 'How true solar time is computed.',
  values: {
    MEAN: { value: 'mean', description: 'Local mean time: UT + longitude × 4 min (default).' },
    APPARENT: { value: 'apparent', description: 'Local mean time plus the equation of time.' },
  } as const,
});

const DayBoundaryType = builder.enumType('DayBoundary', {
  description: 'When the day pillar changes.',
  values: {
    MIDNIGHT: { value: '00:00', description: '00:00 (default): 23:00–23:59 keeps the date; its 子 hour takes the next day’s stem (夜子時).' },
    ZI_HOUR: { value: '23:00', description: '23:00: the day pillar changes at the start of the 子 hour (子初換日).' },
  } as const,
});

const ZokanTableType = builder.enumType('ZokanTable', {
  description: 'Hidden-stem (蔵干) table.',
  values: {
    GETSURITSU: { value: 'getsuritsu', description: 'J1 月律分野蔵干 (default).' },
    NIJUHACHIGEN: { value: 'nijuhachigen', description: 'J2 二十八元.' },
  } as const,
});

/**
 * GraphQL input (camelCase; the enums already carry the REST values) → the spec's request fields. The
 * calculate use-case validates them with the shared schema after authentication, as REST does; its
 * issues come back as `extensions.issues` with GraphQL paths.
 */
function toSpecRequest(input: Record<string, unknown>): Record<string, unknown> {
  const { solarTime, dayBoundary, zokanTable, ...rest } = input;
  return { ...rest, solar_time: solarTime, day_boundary: dayBoundary, zokan_table: zokanTable };
}

const CalculateInputType = builder
  .inputType('CalculateInput', {
    description: 'A birth to chart (spec §2.1 plus the convention options). Validated after authentication, with the REST rules.',
    fields: (t) => ({
      year: t.int({ required: true, description: 'Gregorian year, 1900–2100.' }),
      month: t.int({ required: true, description: 'Month, 1–12.' }),
      day: t.int({ required: true, description: 'Day of the month; the date must exist.' }),
      location: t.float({ required: true, description: 'Longitude in degrees, east positive, −180…180.' }),
      hour: t.int({ description: 'Hour 0–23; ignored when `time` is given. No time at all → 12:00.' }),
      minute: t.int({ description: 'Minute 0–59, default 0; ignored when `time` is given.' }),
      time: t.string({ description: '`HH:MM`; wins over `hour` and `minute`.' }),
      timezone: t.string({ description: 'IANA zone of the civil input time (default `Asia/Tokyo`, with its 1948–51 summer time).' }),
      solarTime: t.field({ type: SolarTimeType, description: 'True solar time mode (default MEAN).' }),
      dayBoundary: t.field({ type: DayBoundaryType, description: 'Day boundary (default MIDNIGHT).' }),
      zokanTable: t.field({ type: ZokanTableType, description: 'Hidden-stem table (default GETSURITSU).' }),
    }),
  });

const CreditsUsedFromType = builder.objectRef<VariantAEnvelope<LazyChart>['credits_used_from']>('CreditsUsedFrom').implement({
  description: 'Credits this call took from each balance.',
  fields: (t) => ({
    monthly: t.exposeInt('monthly', { description: 'From the monthly balance.' }),
    auto: t.exposeInt('auto', { description: 'From the auto-charged balance.' }),
  }),
});

type AutochargeInfo = VariantAEnvelope<LazyChart>['autocharge_info'];
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

type EnvelopeB = VariantBEnvelope<LazyChart>;
type EnvelopeA = VariantAEnvelope<LazyChart>;

const ChargedResponseType = builder.interfaceRef<EnvelopeB>('ChargedResponse').implement({
  description: 'The envelope and credit fields both variants carry (spec §2.2).',
  fields: (t) => ({
    status: t.exposeString('status', { description: '`success`.' }),
    message: t.exposeString('message', { description: 'Human-readable text.' }),
    creditsConsumed: t.exposeInt('credits_consumed', { description: 'Credits charged for this call (10; 0 on the enterprise plan).' }),
    creditsRemaining: t.exposeInt('credits_remaining', { description: 'Credits left after the call (monthly + auto).' }),
    transactionId: t.exposeString('transaction_id', { nullable: true, description: 'Ledger entry id; null when nothing was charged (enterprise).' }),
    logId: t.exposeString('log_id', { description: 'Log identifier; equals the `X-Request-Id` response header.' }),
  }),
});

const VariantAResponseType = builder.objectRef<EnvelopeA>('VariantAResponse').implement({
  description: 'Variant A response (spec §2.2 + §2.3).',
  interfaces: [ChargedResponseType],
  fields: (t) => ({
    monthlyCredits: t.exposeInt('monthly_credits', { description: 'Monthly balance after the call.' }),
    autoCredits: t.exposeInt('auto_credits', { description: 'Auto balance after the call.' }),
    creditsUsedFrom: t.expose('credits_used_from', { type: CreditsUsedFromType, description: 'Where the credits came from.' }),
    autochargeInfo: t.expose('autocharge_info', { type: AutochargeInfoType, description: 'Autocharge outcome.' }),
    result: t.field({ type: VariantAResultType, description: 'The chart.', resolve: (e) => new ChartView(e.result.core) }),
  }),
});

const VariantBResponseType = builder.objectRef<EnvelopeB>('VariantBResponse').implement({
  description: 'Variant B response (spec §2.2 + §2.4).',
  interfaces: [ChargedResponseType],
  fields: (t) => ({
    result: t.field({ type: VariantBResultType, description: 'The chart.', resolve: (e) => new ChartView(e.result.core) }),
  }),
});

const CalculateResultType = builder.unionType('CalculateResult', {
  description: 'The response in the requested variant.',
  types: [VariantAResponseType, VariantBResponseType],
  resolveType: (envelope) => (envelope.result.variant === 'A' ? 'VariantAResponse' : 'VariantBResponse'),
});

builder.mutationField('calculate', (t) =>
  t.field({
    type: CalculateResultType,
    description:
      'Cast a chart and charge for it (10 credits; enterprise 0). Key: `Authorization: Bearer <key>` or `X-API-Key`. ' +
      'Errors carry `extensions.code` (BAD_USER_INPUT, UNAUTHENTICATED, INSUFFICIENT_CREDITS, IDEMPOTENCY_CONFLICT, STORE_UNAVAILABLE); no error charges.',
    args: {
      input: t.arg({ type: CalculateInputType, required: true, description: 'The birth to chart.' }),
      variant: t.arg({ type: VariantType, required: true, defaultValue: 'B', description: 'Response shape (default B).' }),
      idempotencyKey: t.arg.string({ description: 'Retry key: the same key and input within 24 h replays the first response without charging; another input → IDEMPOTENCY_CONFLICT.' }),
    },
    resolve: (_root, args, context) => {
      const headers = context.request.headers;
      const credentials = resolveCredentials('graphql', { authorization: headers.get('authorization'), xApiKey: headers.get('x-api-key') });
      return resolveOutcome(context, () =>
        context.services.lazyCharts.calculate(toSpecRequest(args.input), credentials, args.variant, { idempotencyKey: args.idempotencyKey, logId: context.logId }),
      ).then((envelope) => {
        context.requestId.value = envelope.log_id;
        return envelope;
      });
    },
  }),
);
