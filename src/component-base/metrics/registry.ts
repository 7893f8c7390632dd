// The server's own metrics registry (never prom-client's global one), with --disabled-metrics,
// the label allow list and --show-hidden-metrics-for-version applied. Other packages add their
// metrics to `registry` and pass label values through `label()`.
import { Registry, collectDefaultMetrics } from 'prom-client';
import { constrainLabel, loadLabelAllowList, type LabelAllowList } from './label-allow-list.ts';

export interface MetricsOptions {
  disabledMetrics?: string[];
  allowMetricLabels?: Record<string, string>;
  allowMetricLabelsManifest?: string;
  showHiddenMetricsForVersion?: string;
  /** The binary's major.minor, e.g. "1.35". */
  binaryVersion: string;
}

export interface MetricsRegistry {
  registry: Registry;
  /** A label value as the allow list admits it ("unexpected" otherwise). */
  label(metric: string, label: string, value: string): string;
  /** True when hidden (deprecated) metrics are to be shown again. */
  showHidden: boolean;
  /** The Prometheus text exposition, with disabled metrics left out. */
  render(): Promise<string>;
  contentType: string;
}

/** Only the previous minor version of the binary is accepted, as Kubernetes does. */
export function validateShowHiddenVersion(value: string, binaryVersion: string): void {
  const m = /^(\d+)\.(\d+)$/.exec(value);
  const b = /^v?(\d+)\.(\d+)/.exec(binaryVersion);
  if (!m || !b) throw new Error(`--show-hidden-metrics-for-version: ${JSON.stringify(value)} is not of the form <major>.<minor>`);
  const want = `${b[1]}.${Number(b[2]) - 1}`;
  if (`${Number(m[1])}.${Number(m[2])}` !== want) {
    throw new Error(`--show-hidden-metrics-for-version: ${value} is not allowed; only the previous minor version ${want} is`);
  }
}

export function createMetricsRegistry(opts: MetricsOptions): MetricsRegistry {
  if (opts.showHiddenMetricsForVersion) validateShowHiddenVersion(opts.showHiddenMetricsForVersion, opts.binaryVersion);
  const allow: LabelAllowList = loadLabelAllowList(opts.allowMetricLabels, opts.allowMetricLabelsManifest);
  const disabled = new Set(opts.disabledMetrics ?? []);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    showHidden: Boolean(opts.showHiddenMetricsForVersion),
    label: (metric, label, value) => constrainLabel(allow, metric, label, value),
    contentType: registry.contentType,
    async render() {
      // Disabled metrics are dropped at exposition so metrics registered later by others obey it too.
      for (const name of disabled) if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
      return registry.metrics();
    },
  };
}
