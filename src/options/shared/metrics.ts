// Metrics rows shared by both daemons (component-base/metrics in Kubernetes).
import type { FlagSpec } from '../flag.ts';

export function metricsFlags(group: string): FlagSpec[] {
  return [
    { name: 'allow-metric-labels', type: 'map', keyMayContainComma: true, group, status: 'implemented', valueName: 'stringToString',
      help: "The map from metric-label to value allow-list of this label. The key's format is <MetricName>,<LabelName>. The value's format is <allowed_value>,<allowed_value>...e.g. metric1,label1='v1,v2,v3', metric1,label2='v1,v2,v3' metric2,label1='v1,v2,v3'." },
    { name: 'allow-metric-labels-manifest', type: 'string', group, status: 'implemented',
      help: 'The path to the manifest file that contains the allow-list mapping. The format of the file is the same as the flag --allow-metric-labels. Note that the flag --allow-metric-labels will override the manifest file.' },
    { name: 'disabled-metrics', type: 'strings', group, status: 'implemented',
      help: 'This flag provides an escape hatch for misbehaving metrics. You must provide the fully qualified metric name in order to disable it. Disabling metrics takes precedence over showing hidden metrics.' },
    { name: 'show-hidden-metrics-for-version', type: 'string', group, status: 'implemented',
      help: 'The previous version for which you want to show hidden metrics. Only the previous minor version is meaningful, other values will not be allowed. The format is <major>.<minor>, e.g.: \'1.16\'. The purpose of this format is make sure you have the opportunity to notice if the next release hides additional metrics, rather than being surprised when they are permanently removed in the release after that.' },
  ];
}
