/**
 * The background duties' health (src/application/duties.ts) on a hand-moved clock: when a duty is
 * `starting`, `ok`, `failing` or `failed` (the start-up grace, two failures in a row past the
 * threshold, 0 turning the check off), its lag, and its Prometheus series.
 */
import { describe, expect, it } from 'vitest';
import { createPrometheusMetrics } from '../../../src/adapters/prometheus-metrics.ts';
import { Duties, type DutyName } from '../../../src/application/duties.ts';

function rig(failingAfterMs = 60_000) {
  let nowMs = Date.parse('2026-01-05T00:00:00Z');
  const metrics = createPrometheusMetrics();
  const duties = new Duties({ metrics, failingAfterMs, kindOf: (error) => (error as Error).message, now: () => nowMs });
  return {
    duties,
    advance: (ms: number) => void (nowMs += ms),
    state: (name: DutyName) => duties.report().duties.find((duty) => duty.name === name)!,
    series: async () => (await metrics.render()).body.split('\n').filter((line) => line.startsWith('fp_duty_')),
  };
}

describe('background duties', () => {
  it('starting until an attempt ends; ok after a success, with the lag from the start of that attempt', () => {
    const { duties, advance, state } = rig();
    const archive = duties.register('ledger_archive');
    archive.started();
    advance(45_000); // a long first pass, still under way, is waited for
    expect(state('ledger_archive')).toMatchObject({ condition: 'starting', lagSeconds: 45 });
    expect(duties.report().healthy).toBe(true);
    archive.succeeded();
    advance(2_000);
    expect(state('ledger_archive')).toMatchObject({ condition: 'ok', lagSeconds: 47, failures: 0, lastErrorKind: null });
    archive.started();
    advance(1_000);
    archive.succeeded();
    expect(state('ledger_archive').lagSeconds).toBe(1);
  });

  it('never succeeded: failed once an attempt failed and the start-up grace (30 s at most) is over', () => {
    const { duties, advance, state } = rig();
    const archive = duties.register('ledger_archive');
    archive.failed(new Error('authentication_failed'));
    advance(29_000);
    expect(state('ledger_archive')).toMatchObject({ condition: 'failing', lastErrorKind: 'authentication_failed', failuresInARow: 1 });
    advance(2_000);
    expect(state('ledger_archive').condition).toBe('failed');
    expect(duties.report().healthy).toBe(false);
    // The grace is the threshold when that is shorter.
    const short = rig(5_000);
    short.duties.register('unsettled_sweep').failed(new Error('timeout'));
    short.advance(5_001);
    expect(short.state('unsettled_sweep').condition).toBe('failed');
  });

  it('after a success: failed only with two failures in a row, the first longer than the threshold ago; a success clears it', () => {
    const { duties, advance, state } = rig(60_000);
    const sweep = duties.register('unsettled_sweep');
    sweep.succeeded();
    sweep.failed(new Error('timeout'));
    advance(120_000);
    expect(state('unsettled_sweep').condition).toBe('failing'); // one failure is not enough
    sweep.failed(new Error('connection_refused'));
    expect(state('unsettled_sweep')).toMatchObject({ condition: 'failed', failuresInARow: 2, lastErrorKind: 'connection_refused' });
    sweep.succeeded();
    expect(state('unsettled_sweep')).toMatchObject({ condition: 'ok', failuresInARow: 0, failures: 2, failingSinceMs: null });
    sweep.failed(new Error('timeout'));
    advance(30_000);
    sweep.failed(new Error('timeout'));
    expect(state('unsettled_sweep').condition).toBe('failing'); // two in a row, but within the threshold
  });

  it('threshold 0: failures are reported, never failed', () => {
    const { duties, advance, state } = rig(0);
    const heartbeat = duties.register('gateway_heartbeat');
    for (let i = 0; i < 5; i++) heartbeat.failed(new Error('timeout'));
    advance(3_600_000);
    expect(state('gateway_heartbeat')).toMatchObject({ condition: 'failing', failures: 5 });
    expect(duties.report().healthy).toBe(true);
  });

  it('run() tells the start, the success or the failure of one attempt, and passes its outcome on', async () => {
    const { duties, state } = rig();
    const heartbeat = duties.register('gateway_heartbeat');
    await expect(heartbeat.run(async () => 7)).resolves.toBe(7);
    await expect(heartbeat.run(() => Promise.reject(new Error('timeout')))).rejects.toThrow('timeout');
    expect(state('gateway_heartbeat')).toMatchObject({ failures: 1, lastErrorKind: 'timeout', lastSuccessMs: expect.any(Number) });
    expect(() => duties.register('gateway_heartbeat')).toThrow(/registered already/);
  });

  it('/metrics: lag, last success (0 before the first) and failures per duty, from its registration', async () => {
    const { duties, advance, series } = rig();
    const archive = duties.register('ledger_archive');
    duties.register('unsettled_sweep');
    advance(12_000);
    archive.failed(new Error('authentication_failed'));
    expect(await series()).toEqual(
      expect.arrayContaining([
        'fp_duty_lag_seconds{duty="ledger_archive"} 12',
        'fp_duty_last_success_seconds{duty="ledger_archive"} 0',
        'fp_duty_failures_total{duty="ledger_archive"} 1',
        'fp_duty_failures_total{duty="unsettled_sweep"} 0',
      ]),
    );
    archive.succeeded();
    expect(await series()).toContain(`fp_duty_last_success_seconds{duty="ledger_archive"} ${Date.parse('2026-01-05T00:00:12Z') / 1000}`);
  });
});
