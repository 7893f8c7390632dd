// The columns `kubectl get hpa` shows, as Kubernetes prints them from the v2 form (whichever
// version is asked): NAME, REFERENCE (kind/name), TARGETS (each metric's current value over its
// target, two of them and "+ N more..."), MINPODS, MAXPODS, REPLICAS, AGE.
import type { HorizontalPodAutoscaler, MetricSpec, MetricStatus } from '../../../../api/autoscaling/v2/types.ts';
import type { ResourceTable, TableColumnDefinition } from '../../resource.ts';
import { timestampSince } from '../../human-duration.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';

const UNKNOWN = '<unknown>';
const SHOWN = 2;

const column = (name: string, description: string): TableColumnDefinition => ({ name, type: 'string', format: '', priority: 0, description });

function metricCell(spec: MetricSpec, status: MetricStatus | undefined): string {
  switch (spec.type) {
    case 'External': {
      const t = spec.external!.target;
      if (t.averageValue !== undefined) return `${status?.external?.current.averageValue ?? UNKNOWN}/${t.averageValue} (avg)`;
      return `${status?.external ? (status.external.current.value ?? '0') : UNKNOWN}/${t.value ?? '0'}`;
    }
    case 'Pods':
      return `${status?.pods ? (status.pods.current.averageValue ?? '0') : UNKNOWN}/${spec.pods!.target.averageValue ?? '0'}`;
    case 'Object': {
      const t = spec.object!.target;
      if (t.averageValue !== undefined) return `${status?.object?.current.averageValue ?? UNKNOWN}/${t.averageValue} (avg)`;
      return `${status?.object ? (status.object.current.value ?? '0') : UNKNOWN}/${t.value ?? '0'}`;
    }
    case 'Resource':
    case 'ContainerResource': {
      const source = spec.type === 'Resource' ? spec.resource! : spec.containerResource!;
      const current = spec.type === 'Resource' ? status?.resource : status?.containerResource;
      const t = source.target;
      if (t.averageValue !== undefined) return `${source.name}: ${current ? (current.current.averageValue ?? '0') : UNKNOWN}/${t.averageValue}`;
      const now = current?.current.averageUtilization !== undefined ? `${current.current.averageUtilization}%` : UNKNOWN;
      return `${source.name}: ${now}/${t.averageUtilization !== undefined ? `${t.averageUtilization}%` : '<auto>'}`;
    }
    default:
      return '<unknown type>';
  }
}

/** formatHPAMetrics: a metric's status is the one at the same place in the list. */
export function formatMetrics(specs: readonly MetricSpec[] | undefined, statuses: readonly MetricStatus[] | null | undefined): string {
  if (!specs?.length) return '<none>';
  const cells = specs.map((spec, i) => metricCell(spec, statuses?.[i]));
  const shown = cells.slice(0, SHOWN).join(', ');
  return cells.length > SHOWN ? `${shown} + ${cells.length - SHOWN} more...` : shown;
}

export function horizontalPodAutoscalerTable(): ResourceTable<HorizontalPodAutoscaler> {
  return {
    columns: [
      NAME_COLUMN,
      column('Reference', 'The object scaled, as kind/name.'),
      column('Targets', 'Each metric\'s current value over its target.'),
      column('MinPods', 'The fewest replicas scaled down to.'),
      column('MaxPods', 'The most replicas scaled up to.'),
      column('Replicas', 'The replicas last seen.'),
      AGE_COLUMN,
    ],
    row(hpa) {
      const spec = hpa.spec;
      return [
        hpa.metadata.name ?? '',
        `${spec?.scaleTargetRef?.kind ?? ''}/${spec?.scaleTargetRef?.name ?? ''}`,
        formatMetrics(spec?.metrics, hpa.status?.currentMetrics),
        spec?.minReplicas === undefined ? '<unset>' : String(spec.minReplicas),
        spec?.maxReplicas ?? 0,
        hpa.status?.currentReplicas ?? 0,
        timestampSince(hpa.metadata.creationTimestamp, new Date()),
      ];
    },
  };
}
