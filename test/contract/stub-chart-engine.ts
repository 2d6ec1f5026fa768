import { DomainError } from '../../src/application/errors.js';
import type { ChartEngine, Variant } from '../../src/application/ports/chart-engine.js';

/** Stand-in for the calendar core: validates the spec §2.1 required fields and echoes them. */

export interface StubRequest {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly location: number;
  readonly time: string;
}

export interface StubResult {
  readonly input_date: string;
  readonly input_longitude: number;
  readonly variant: Variant;
}

function integerField(raw: Record<string, unknown>, field: string, min: number, max: number): number {
  const value = typeof raw[field] === 'string' && raw[field] !== '' ? Number(raw[field]) : raw[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new DomainError('BAD_USER_INPUT', `${field}: must be an integer from ${min} to ${max}`);
  }
  return value;
}

export class StubChartEngine implements ChartEngine<StubRequest, StubResult> {
  computeCalls = 0;
  failCompute: Error | null = null;

  parse(raw: unknown): StubRequest {
    if (typeof raw !== 'object' || raw === null) throw new DomainError('BAD_USER_INPUT', 'request: must be an object');
    const r = raw as Record<string, unknown>;
    const location = typeof r['location'] === 'string' ? Number(r['location']) : r['location'];
    if (typeof location !== 'number' || !Number.isFinite(location)) {
      throw new DomainError('BAD_USER_INPUT', 'location: must be a number');
    }
    return {
      year: integerField(r, 'year', 1900, 2100),
      month: integerField(r, 'month', 1, 12),
      day: integerField(r, 'day', 1, 31),
      location,
      time: typeof r['time'] === 'string' ? r['time'] : '12:00',
    };
  }

  compute(request: StubRequest, variant: Variant): StubResult {
    this.computeCalls += 1;
    if (this.failCompute !== null) throw this.failCompute;
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      input_date: `${request.year}-${pad(request.month)}-${pad(request.day)} ${request.time}`,
      input_longitude: request.location,
      variant,
    };
  }
}

export const VALID_REQUEST = { year: 1990, month: 5, day: 15, location: 139.69, time: '14:30' } as const;
