import { DomainError } from '../../src/application/errors.ts';
import { refuse, succeed } from '../../src/application/outcome.ts';
import type { PaidOperation } from '../../src/application/paid/paid-operation.ts';
import type { Variant } from '../../src/domain/chart/variants.ts';

/** Stand-in for the chart operation: validates the required request fields and echoes them. */

export interface StubInput {
  readonly fields: unknown;
  readonly variant: Variant;
}

export interface StubRequest {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly location: number;
  readonly time: string;
  readonly variant: Variant;
}

export interface StubResult {
  readonly input_date: string;
  readonly input_longitude: number;
  readonly variant: Variant;
}

function integerField(raw: Record<string, unknown>, field: string, min: number, max: number): number | DomainError {
  const value = typeof raw[field] === 'string' && raw[field] !== '' ? Number(raw[field]) : raw[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return new DomainError('BAD_USER_INPUT', `${field}: must be an integer from ${min} to ${max}`);
  }
  return value;
}

export class StubOperation implements PaidOperation<StubInput, StubRequest, StubResult> {
  readonly name = 'chart';
  computeCalls = 0;
  failCompute: Error | null = null;

  validate({ fields, variant }: StubInput) {
    if (typeof fields !== 'object' || fields === null)
      return refuse<StubRequest>(new DomainError('BAD_USER_INPUT', 'request: must be an object'));
    const r = fields as Record<string, unknown>;
    const location = typeof r['location'] === 'string' ? Number(r['location']) : r['location'];
    if (typeof location !== 'number' || !Number.isFinite(location))
      return refuse<StubRequest>(new DomainError('BAD_USER_INPUT', 'location: must be a number'));
    const year = integerField(r, 'year', 1900, 2100);
    const month = integerField(r, 'month', 1, 12);
    const day = integerField(r, 'day', 1, 31);
    for (const checked of [year, month, day]) if (checked instanceof DomainError) return refuse<StubRequest>(checked);
    return succeed({
      year: year as number,
      month: month as number,
      day: day as number,
      location,
      time: typeof r['time'] === 'string' ? r['time'] : '12:00',
      variant,
    });
  }

  compute(request: StubRequest): StubResult {
    this.computeCalls += 1;
    if (this.failCompute !== null) throw this.failCompute;
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      input_date: `${request.year}-${pad(request.month)}-${pad(request.day)} ${request.time}`,
      input_longitude: request.location,
      variant: request.variant,
    };
  }

  fingerprint(request: StubRequest): unknown {
    return request;
  }
}

export const VALID_REQUEST = { year: 1990, month: 5, day: 15, location: 139.69, time: '14:30' } as const;
