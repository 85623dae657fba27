import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast API answer to a slow export or MLP round trip. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A sample of a gauge read when Prometheus scrapes: its labels and value. */
export type GaugeSample = [labels: Record<string, string>, value: number];

/**
 * What the process counts and measures, in Prometheus's terms (served by GET /metrics, modules/health/metrics.ts).
 * One registry per app (tests build several in one process): the counters and histograms are fed where things
 * happen (HTTP answers, the position pipeline, the MLP client); the gauges are read at scrape time (`gauge`).
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestSeconds = this.#histogram(
    'lbs_http_request_duration_seconds',
    'HTTP requests by method, route (its template) and status: time to the answer',
    ['method', 'route', 'status'],
  );

  readonly positionsStored = new Counter({
    name: 'lbs_positions_stored_total',
    help: 'Positions stored by the pipeline, by source (NETWORK, OSMAND, OWNTRACKS)',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  readonly pipelineBatchPositions = this.#histogram(
    'lbs_pipeline_batch_positions',
    'Positions per pipeline transaction (group commit of concurrent submits)',
    [],
    [1, 5, 10, 50, 100, 250, 500, 1000, 2000],
  );

  readonly pipelineBatchSeconds = this.#histogram(
    'lbs_pipeline_batch_duration_seconds',
    'Time of a pipeline transaction: storage and the steps inside it (presence), to the commit',
    ['outcome'],
  );

  readonly mlpRequestSeconds = this.#histogram(
    'lbs_mlp_request_duration_seconds',
    'MLP location requests to the GMLC by outcome (OK, or the failure: TIMEOUT, NETWORK, HTTP_503, MLP_105 …)',
    ['outcome'],
  );

  readonly locates = new Counter({
    name: 'lbs_locates_total',
    help: 'MSISDNs asked of the GMLC, by result (LOCATED, or the MLP result: ABSENT SUBSCRIBER, UNKNOWN SUBSCRIBER …)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  #histogram<L extends string>(name: string, help: string, labelNames: L[], buckets = LATENCY_BUCKETS) {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'lbs_' });
  }

  /**
   * A gauge whose samples are read when Prometheus scrapes (rows of the database, a pool's counts): `read` answers
   * every labelled value; a failed read leaves the gauge empty for that scrape (the scrape itself still answers).
   */
  gauge(name: string, help: string, labelNames: readonly string[], read: () => Promise<GaugeSample[]>): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        const samples = await read().catch(() => []);
        for (const [labels, value] of samples) this.set(labels, value);
      },
    });
  }

  /** The text Prometheus reads. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
