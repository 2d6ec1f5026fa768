/**
 * The Metrics port in Prometheus format (prom-client), with its own registry (no global state):
 * requests and latency by route and status, store latency and errors by operation, charges by
 * outcome, the background duties' lag, last success and failures, access-log lines left out, and
 * the Node process defaults (event-loop delay, heap, GC).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import cluster from 'node:cluster';
import type { Metrics } from '../application/ports/metrics.ts';
import { clusterMetricsOf } from './cluster-metrics.ts';

export function createPrometheusMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const requests = new Counter({
    name: 'fp_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'fp_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const storeLatency = new Histogram({
    name: 'fp_store_call_duration_seconds',
    help: 'Credit store call duration by operation',
    labelNames: ['operation'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: 'fp_store_errors_total',
    help: 'Failed credit store calls by operation',
    labelNames: ['operation'],
    registers: [registry],
  });
  const charges = new Counter({ name: 'fp_charges_total', help: 'Charges by outcome', labelNames: ['outcome'], registers: [registry] });
  // Each duty's series exist from its registration (last success 0, no failures), so an alert on a
  // duty that never succeeded needs no first event. With WEB_CONCURRENCY > 1 the group reports the
  // stalest worker's last success and the largest lag: a worker holding no archive shard succeeds
  // without touching the database and would hide one that fails.
  const dutyLags = new Map<string, () => number>();
  const dutyLag: Gauge = new Gauge({
    name: 'fp_duty_lag_seconds',
    help: 'Background duties: seconds since the start of the last attempt that succeeded (since start-up before the first)',
    labelNames: ['duty'],
    aggregator: 'max',
    registers: [registry],
    collect() {
      for (const [duty, lag] of dutyLags) dutyLag.set({ duty }, lag());
    },
  });
  const dutyLastSuccess = new Gauge({
    name: 'fp_duty_last_success_seconds',
    help: 'Background duties: unix time of the last attempt that succeeded (0: none since start-up)',
    labelNames: ['duty'],
    aggregator: 'min',
    registers: [registry],
  });
  const dutyFailures = new Counter({
    name: 'fp_duty_failures_total',
    help: 'Background duties: failed attempts',
    labelNames: ['duty'],
    registers: [registry],
  });
  const suppressedLines = new Counter({
    name: 'fp_access_log_suppressed_total',
    help: "Refusals left out of the access log (a caller's refusals past the first few a minute; its summary line counts them)",
    registers: [registry],
  });
  // Labelled children are looked up once per label set: prom-client hashes the labels on every
  // inc/observe otherwise, and these run on every request. Label sets are bounded (known routes,
  // statuses, operations, outcomes).
  // In a node:cluster worker, `/metrics` answers for every worker (cluster-metrics.ts).
  const wholeCluster = cluster.isWorker ? clusterMetricsOf(registry) : null;
  const requestChildren = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<string> }>();
  const storeChildren = new Map<string, Histogram.Internal<string>>();
  return {
    requestFinished(route, status, seconds) {
      const key = `${route} ${status}`;
      let child = requestChildren.get(key);
      if (child === undefined) {
        const labels = { route, status: String(status) };
        child = { count: requests.labels(labels), duration: latency.labels(labels) };
        requestChildren.set(key, child);
      }
      child.count.inc();
      child.duration.observe(seconds);
    },
    storeCall(operation, seconds, ok) {
      let child = storeChildren.get(operation);
      if (child === undefined) storeChildren.set(operation, (child = storeLatency.labels({ operation })));
      child.observe(seconds);
      if (!ok) storeErrors.inc({ operation });
    },
    charge(outcome) {
      charges.inc({ outcome });
    },
    duty(name, lagSeconds) {
      dutyLags.set(name, lagSeconds);
      const lastSuccess = dutyLastSuccess.labels({ duty: name });
      const failures = dutyFailures.labels({ duty: name });
      lastSuccess.set(0);
      failures.inc(0);
      return {
        succeeded: (atMs) => lastSuccess.set(atMs / 1000),
        failed: () => failures.inc(),
      };
    },
    accessLineSuppressed() {
      suppressedLines.inc();
    },
    async render() {
      if (wholeCluster !== null) return wholeCluster();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
