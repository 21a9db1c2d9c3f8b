/**
 * The metrics of several API processes sharing one port (SERVICE_PROCESSES > 1) as one scrape:
 * Prometheus reaches whichever process the connection lands on, so that process asks the parent
 * of the group, which collects the registry of every process that is ready over the cluster's IPC
 * channel and merges them with prom-client's aggregation (counters and histograms summed, gauges
 * by the aggregator each declares). Every scrape counts the requests of every process serving,
 * whichever process it lands on.
 *
 * Why not prom-client's AggregatorRegistry.clusterMetrics: it asks every process of the cluster,
 * and a replacement still starting cannot answer yet, so every scrape failed (after 5 s) while a
 * replacement started. A process is asked here once it says its registry is ready; until then it
 * has served nothing, so leaving it out changes no count. A ready process that does not answer
 * still fails the scrape: leaving its counts out would make the counters go backwards, which
 * Prometheus reads as a reset. (A replaced process's counts start again from zero all the same.)
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/** A process asks the parent for the merged text; the parent answers. */
const REQUEST = 'astro:metrics-request';
const RESPONSE = 'astro:metrics-response';
/** A process tells the parent its registry can be collected; the parent collects; the process answers. */
const READY = 'astro:metrics-ready';
const COLLECT = 'astro:metrics-collect';
const COLLECTED = 'astro:metrics-collected';
/** How long the parent waits for a ready process's registry; the asking process waits a little longer. */
const COLLECT_TIMEOUT_MS = 5_000;
const ANSWER_TIMEOUT_MS = 6_000;

type Metrics = MetricObjectWithValues<MetricValue<string>>[];

interface Message {
  type: string;
  id?: number;
  text?: string;
  error?: string;
  metrics?: Metrics;
}

const isMessage = (message: unknown, type: string): message is Message =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** In the parent: collects the ready processes' registries and answers the processes' requests for the merged metrics. */
export function answerClusterMetrics(): void {
  const ready = new Set<Worker>();
  const collecting = new Map<number, { worker: Worker; resolve: (metrics: Metrics) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 0;

  const settle = (id: number, outcome: { metrics: Metrics } | { error: Error }) => {
    const entry = collecting.get(id);
    if (!entry) return;
    collecting.delete(id);
    clearTimeout(entry.timer);
    if ('metrics' in outcome) entry.resolve(outcome.metrics);
    else entry.reject(outcome.error);
  };
  const collect = (worker: Worker) =>
    new Promise<Metrics>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => settle(id, { error: new Error(`process ${worker.process.pid} did not answer`) }), COLLECT_TIMEOUT_MS);
      collecting.set(id, { worker, resolve, reject, timer });
      worker.send({ type: COLLECT, id } satisfies Message, (error) => {
        if (error) settle(id, { error });
      });
    });
  const mergedText = async () => {
    const registries = await Promise.all([...ready].filter((worker) => worker.isConnected()).map(collect));
    return AggregatorRegistry.aggregate(registries).metrics();
  };

  cluster.on('exit', (worker) => {
    ready.delete(worker);
    for (const [id, entry] of collecting) if (entry.worker === worker) settle(id, { error: new Error(`process ${worker.process.pid} ended`) });
  });
  cluster.on('message', (worker, message: unknown) => {
    if (isMessage(message, READY)) ready.add(worker);
    else if (isMessage(message, COLLECTED) && message.id !== undefined) settle(message.id, { metrics: message.metrics ?? [] });
    else if (isMessage(message, REQUEST)) {
      const reply = (answer: Pick<Message, 'text' | 'error'>) => {
        // A process that ended meanwhile has no one left to read the answer.
        if (worker.isConnected()) worker.send({ type: RESPONSE, id: message.id, ...answer } satisfies Message);
      };
      mergedText().then(
        (text) => reply({ text }),
        (error: Error) => reply({ error: error.message }),
      );
    }
  });
}

/**
 * In a process of the group: lends `registry` to the parent's collection and returns what the
 * metrics route sends, the merged text of all processes.
 */
export function clusterMetricsText(registry: Registry): () => Promise<string> {
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (isMessage(message, COLLECT)) {
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics } satisfies Message));
      return;
    }
    if (!isMessage(message, RESPONSE) || message.id === undefined) return;
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    clearTimeout(request.timer);
    if (message.text !== undefined) request.resolve(message.text);
    else request.reject(new Error(`the process group's metrics could not be collected: ${message.error}`));
  });
  process.send?.({ type: READY } satisfies Message);
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
      process.send!({ type: REQUEST, id } satisfies Message, undefined, {}, (error) => {
        if (error) fail(error);
      });
    });
}
