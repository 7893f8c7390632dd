// The scale subresource of a scalable resource (replication controllers now; deployments,
// replica sets and stateful sets with their groups): an autoscaling/v1 Scale carrying the
// parent's name, namespace, uid, resourceVersion and creationTimestamp, spec.replicas, and the
// observed replicas with the selector in its string form. Writing it sets the parent's
// spec.replicas; the parent's update rules do the rest.
import type { ApiObject, LabelSelector } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../machinery/patch/json-value.ts';
import type { SubresourceView } from '../resource.ts';

export interface Scale extends ApiObject {
  spec?: { replicas?: number };
  status?: { replicas: number; selector?: string };
}

/** How a scalable kind keeps its replica counts and selector. */
export interface Scalable<T extends ApiObject> {
  specReplicas(parent: T): number;
  statusReplicas(parent: T): number;
  /** The selector in label-query string form. */
  selector(parent: T): string;
  withReplicas(parent: T, replicas: number): T;
}

/** ValidateScale: spec.replicas must not be negative. */
function validateScale(scale: Scale): StatusCause[] {
  const replicas = scale.spec?.replicas ?? 0;
  if (replicas < 0) return [{ reason: 'FieldValueInvalid', field: 'spec.replicas', message: `Invalid value: ${replicas}: must be greater than or equal to 0` }];
  return [];
}

export function scaleView<T extends ApiObject>(kind: Scalable<T>): SubresourceView<T> {
  return {
    group: 'autoscaling',
    version: 'v1',
    kind: 'Scale',
    get schema() {
      return kindSchema('io.orch.api.autoscaling.v1.Scale');
    },
    toView(parent: T): Scale {
      const m = parent.metadata;
      const metadata: Scale['metadata'] = { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp };
      if (!m.namespace) delete metadata.namespace;
      const status: NonNullable<Scale['status']> = { replicas: kind.statusReplicas(parent) };
      const selector = kind.selector(parent);
      if (selector) status.selector = selector;
      return { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata, spec: { replicas: kind.specReplicas(parent) }, status };
    },
    fromView(view: ApiObject, parent: T): T {
      const next = kind.withReplicas(cloneJson(parent), (view as Scale).spec?.replicas ?? 0);
      // The client's resourceVersion was checked against the parent's already.
      return next;
    },
    validate: (view) => validateScale(view as Scale),
  };
}

/** A map selector (a replication controller's) as a label query: keys sorted, k=v joined by commas. */
export function mapSelectorString(selector: Readonly<Record<string, string>> | undefined): string {
  return Object.keys(selector ?? {})
    .sort()
    .map((k) => `${k}=${selector![k]}`)
    .join(',');
}

/**
 * A meta/v1 LabelSelector (a deployment's, replica set's or stateful set's) as a label query,
 * printed as LabelSelectorAsSelector(...).String() prints it: one requirement per match label
 * (k=v) then per expression (`k in (a,b)`, `k notin (a,b)`, `k`, `!k`), ordered by key with ties
 * kept in that order, values sorted. An absent or empty selector prints as "".
 */
export function labelSelectorString(selector: LabelSelector | null | undefined): string {
  const requirements: { key: string; text: string }[] = Object.keys(selector?.matchLabels ?? {})
    .sort()
    .map((key) => ({ key, text: `${key}=${selector!.matchLabels![key]}` }));
  for (const expr of selector?.matchExpressions ?? []) {
    const values = [...(expr.values ?? [])].sort().join(',');
    const text: Record<string, string> = { In: `${expr.key} in (${values})`, NotIn: `${expr.key} notin (${values})`, Exists: expr.key, DoesNotExist: `!${expr.key}` };
    requirements.push({ key: expr.key, text: text[expr.operator] ?? expr.key });
  }
  // Array.prototype.sort is stable, as Go's sort of so few requirements is in practice.
  return requirements
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => r.text)
    .join(',');
}
