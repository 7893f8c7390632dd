// Counter and histogram vectors for metrics counted on every request. A caller resolves a label
// set to its series once (and keeps it), then only adds numbers: prom-client's own metrics check
// and hash the labels on every call, which showed up on the request path. The registry (still
// prom-client's) reads these at scrape time through the get() its own metrics have, so the
// exposition is the same.
import type { Metric, Registry } from 'prom-client';

type Labels = Record<string, string>;

/** A counter's or a gauge's number. */
export interface ValueSeries {
  value: number;
}

export interface HistogramSeries {
  /** Observations per bucket (not cumulative); the last slot is above every bound. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

interface Vec<S> {
  name: string;
  help: string;
  labelled: Map<string, { labels: Labels; series: S }>;
}

function seriesOf<S>(vec: Vec<S>, labels: Labels, fresh: () => S): S {
  const key = Object.values(labels).join('\0');
  let entry = vec.labelled.get(key);
  if (!entry) {
    entry = { labels: { ...labels }, series: fresh() };
    vec.labelled.set(key, entry);
  }
  return entry.series;
}

/** Counters and gauges: one number per series. */
class ValueVec implements Vec<ValueSeries> {
  readonly aggregator = 'sum';
  readonly labelled = new Map<string, { labels: Labels; series: ValueSeries }>();
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge';

  constructor(type: 'counter' | 'gauge', opts: { name: string; help: string; registry: Registry }) {
    this.type = type;
    this.name = opts.name;
    this.help = opts.help;
    opts.registry.registerMetric(this as unknown as Metric);
  }

  /** The series of one label set (always given with the same label names in the same order). */
  series(labels: Labels): ValueSeries {
    return seriesOf(this, labels, () => ({ value: 0 }));
  }

  get() {
    const values = [...this.labelled.values()].map(({ labels, series }) => ({ labels, value: series.value }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.labelled.clear();
  }
}

export class CounterVec extends ValueVec {
  constructor(opts: { name: string; help: string; registry: Registry }) {
    super('counter', opts);
  }
}

export class GaugeVec extends ValueVec {
  constructor(opts: { name: string; help: string; registry: Registry }) {
    super('gauge', opts);
  }
}

export class HistogramVec implements Vec<HistogramSeries> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelled = new Map<string, { labels: Labels; series: HistogramSeries }>();
  readonly name: string;
  readonly help: string;
  private readonly bounds: readonly number[];

  constructor(opts: { name: string; help: string; buckets: readonly number[]; registry: Registry }) {
    this.name = opts.name;
    this.help = opts.help;
    this.bounds = [...opts.buckets].sort((a, b) => a - b);
    opts.registry.registerMetric(this as unknown as Metric);
  }

  /** The series of one label set (always given with the same label names in the same order). */
  series(labels: Labels): HistogramSeries {
    return seriesOf(this, labels, () => ({ counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 }));
  }

  observe(series: HistogramSeries, value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += value;
    series.count++;
  }

  /** For the JSON form: each value with its series' labels merged in. */
  get() {
    const data = this.getForPromString();
    const values = data.values.map(({ sharedLabels, labels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } }));
    return { ...data, values };
  }

  /** For the text exposition: the series' labels kept apart, written after `le` as prom-client does. */
  getForPromString() {
    const bucket = `${this.name}_bucket`;
    const values: Array<{ labels: Labels | { le: number | string }; sharedLabels: Labels; value: number; metricName: string }> = [];
    for (const { labels, series } of this.labelled.values()) {
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        cumulative += series.counts[i]!;
        values.push({ labels: { le: this.bounds[i]! }, sharedLabels: labels, value: cumulative, metricName: bucket });
      }
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: series.count, metricName: bucket });
      values.push({ labels: {}, sharedLabels: labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.labelled.clear();
  }
}
