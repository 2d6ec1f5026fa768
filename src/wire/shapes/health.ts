/**
 * The health answers (docs/admin.md, "Health"): /openapi.json `Health` (`/health`), `Ready` and
 * `NotReady` (`/ready`), and `Duties`, each background duty's state by its name. Not on GraphQL.
 */
import { z } from 'zod';
import type { JsonSchema } from '../../domain/chart/request-contract.ts';
import { asWritten, shape, shapeJsonSchema } from './shape.ts';

const OK = asWritten<'ok'>({ const: 'ok' });
/** An instant, or null: ISO 8601 in UTC. */
const instantOrNull = () => asWritten<string | null>({ type: ['string', 'null'], format: 'date-time' });

export const HEALTH_SHAPE = shape('Health', null, { status: OK }, { component: true });

/** A background duty's state (each value of `Duties`). */
export const DUTY_SHAPE = shape('Duty', null, {
  state: z.enum(['starting', 'ok', 'failing', 'failed']),
  last_success_at: instantOrNull(),
  lag_seconds: asWritten<number>({
    type: 'number',
    minimum: 0,
    description: 'Since the start of the last attempt that succeeded (since start-up before the first)',
  }),
  failures: z.int().min(0),
  failures_in_a_row: z.int().min(0),
  failing_since: instantOrNull(),
  last_error_kind: z.string().nullable().meta({
    description: 'What the last failure was, in a word (authentication_failed, timeout, …): never its message',
  }),
});

type Duties = Readonly<Record<string, z.infer<typeof DUTY_SHAPE.object>>>;

/** /openapi.json `Duties`: a map, not a shape (its members are the duties' names); each value a {@link DUTY_SHAPE}. */
export const DUTIES_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The background duties this gateway runs, by name: ledger_archive, unsettled_sweep, gateway_heartbeat',
  additionalProperties: shapeJsonSchema(DUTY_SHAPE),
};
/** A member that is the `Duties` map: its component, by reference. */
const DUTIES = () => asWritten<Duties>({ $ref: '#/components/schemas/Duties' });

export const READY_SHAPE = shape(
  'Ready',
  null,
  { status: OK, store: asWritten<'reachable'>({ const: 'reachable' }), duties: DUTIES() },
  { component: true },
);

export const NOT_READY_SHAPE = shape(
  'NotReady',
  'The credit store is not reachable, or a background duty has failed past its threshold (READY_DUTY_FAILING_SECONDS)',
  {
    status: asWritten<'error'>({ const: 'error' }),
    message: z.string(),
    code: asWritten<'STORE_UNAVAILABLE'>({ const: 'STORE_UNAVAILABLE' }),
    store: z.enum(['reachable', 'unreachable']),
    failing: asWritten<readonly string[]>({
      type: 'array',
      items: { type: 'string' },
      description: 'The duties failed past their threshold',
    }),
    duties: DUTIES(),
  },
  { component: true },
);
