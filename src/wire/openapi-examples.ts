/**
 * Example bodies for /openapi.json: the documented samples (docs/samples), which are real answers
 * for this request on a new standard account (1,000 monthly credits) with only the ids fixed —
 * test/docs/samples.test.ts records and checks them, so the OpenAPI document never drifts from the
 * service.
 */
import SAMPLE_A from '../../docs/samples/variant-a.json' with { type: 'json' };
import SAMPLE_B from '../../docs/samples/variant-b.json' with { type: 'json' };

export const EXAMPLE_REQUEST = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 } as const;

export const EXAMPLE_SUCCESS_A = SAMPLE_A;
export const EXAMPLE_SUCCESS_B = SAMPLE_B;
