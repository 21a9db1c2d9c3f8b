/**
 * The metrics of several API processes sharing one port (SERVICE_PROCESSES > 1) as one scrape:
 * Prometheus reaches whichever process the connection lands on, so that process asks the parent
 * of the group, whose prom-client AggregatorRegistry collects every process's registry over the
 * cluster's IPC channel and merges them (counters and histograms summed, gauges by the aggregator
 * each declares). A scrape thus never goes backwards when it lands on another process.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'astro:metrics-request';
const RESPONSE = 'astro:metrics-response';
/** prom-client gives up on a silent process after 5 s; the asking process waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsResponse {
  type: typeof RESPONSE;
  id: number;
  text?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** In the parent: answers the processes' requests for the merged metrics. */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, REQUEST)) return;
    const reply = (answer: Omit<MetricsResponse, 'type' | 'id'>) => {
      // A process that ended meanwhile has no one left to read the answer.
      if (worker.isConnected()) worker.send({ type: RESPONSE, id: message.id, ...answer } satisfies MetricsResponse);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

/**
 * In a process of the group: lends `registry` to the parent's collection and returns what the
 * metrics route sends, the merged text of all processes.
 */
export function clusterMetricsText(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // The constructor installs, once per process, the listener that answers the parent's collection.
  new AggregatorRegistry();
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage<MetricsResponse>(message, RESPONSE)) return;
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    clearTimeout(request.timer);
    if (message.text !== undefined) request.resolve(message.text);
    else request.reject(new Error(`the process group's metrics could not be collected: ${message.error}`));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const fail = (error: Error) => {
        if (!waiting.delete(id)) return;
        clearTimeout(timer);
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error('the parent of the process group did not answer for the metrics')), ANSWER_TIMEOUT_MS);
      waiting.set(id, { resolve, reject, timer });
      // With a callback, a closed channel (the parent is gone) is an answer here, not an 'error' event.
      process.send!({ type: REQUEST, id } satisfies MetricsRequest, undefined, {}, (error) => {
        if (error) fail(error);
      });
    });
}
