/**
 * One `/metrics` answer for the whole process group (with two workers each scrape used to see one
 * worker's counters, half the traffic and a reset on every other scrape). The worker that takes the
 * scrape asks the primary over the cluster IPC channel; the primary gathers every worker's registry
 * with prom-client's AggregatorRegistry (counters and histograms summed, gauges by their own
 * aggregator) and answers with the exposition text.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'fp:metrics-ask';
const ANSWER = 'fp:metrics-answer';
/** A worker that does not answer within this makes the scrape fail (prom-client's own limit is 5 s). */
const ASK_TIMEOUT_MS = 6_000;

interface Ask {
  readonly type: typeof ASK;
  readonly id: number;
}
interface Answer {
  readonly type: typeof ANSWER;
  readonly id: number;
  readonly body?: string;
  readonly contentType?: string;
  readonly error?: string;
}

/** In the primary: answer the workers' scrapes with every worker's metrics, aggregated. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (body) => worker.send({ type: ANSWER, id: message.id, body, contentType: aggregator.contentType } satisfies Answer),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) } satisfies Answer),
    );
  });
}

/** In a worker: report `registry` when the primary gathers, and ask the primary for the whole group's metrics. */
export function clusterMetricsOf(registry: Registry): () => Promise<{ contentType: string; body: string }> {
  AggregatorRegistry.setRegistries([registry]);
  void new AggregatorRegistry(); // installs the worker's answer to the primary's gathering
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on('message', (message: Answer) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the primary did not answer with the cluster's metrics within ${ASK_TIMEOUT_MS} ms`));
      }, ASK_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.body === undefined) reject(new Error(`gathering the cluster's metrics failed: ${answer.error ?? 'no answer'}`));
        else resolve({ contentType: answer.contentType ?? registry.contentType, body: answer.body });
      });
      process.send?.({ type: ASK, id } satisfies Ask);
    });
}
