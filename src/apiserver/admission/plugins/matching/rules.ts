// Which requests an admission rule, a namespace selector and an object selector take in, as
// Kubernetes matches webhooks and policies; matchPolicy Equivalent also matches a request through
// a resource served at another group that stores the same objects (events.orch.io events are
// core events).
import { canonicalGroup } from '../../../registry/generic/alias.ts';
import type { LabelSelector, MatchPolicy, RuleWithOperations } from '../../../../api/admissionregistration/v1/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import { labelSelectorMatches as selectorMatches } from '../../../../machinery/selectors/label-selector.ts';

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** The resource and kind a matched hook or policy is told about. */
export interface MatchedTarget {
  resource: GroupVersionResource;
  kind: GroupVersionKind;
  /** Matched through an equivalent resource: the object is converted for the hook. */
  equivalent: boolean;
}

/** Resources serving the same stored objects, with their kinds. */
const EQUIVALENTS: readonly (readonly [GroupVersionResource, GroupVersionKind])[] = [
  [{ group: '', version: 'v1', resource: 'events' }, { group: '', version: 'v1', kind: 'Event' }],
  [{ group: 'events.orch.io', version: 'v1', resource: 'events' }, { group: 'events.orch.io', version: 'v1', kind: 'Event' }],
];

function isNamespaceObject(attrs: AdmissionAttributes): boolean {
  return attrs.resource.group === '' && attrs.resource.resource === 'namespaces';
}

function listMatches(list: readonly string[] | undefined, value: string): boolean {
  return (list ?? []).some((x) => x === '*' || x === value);
}

/** A rule's group names either name of a group served under two (networking.k8s.io is networking.orch.io). */
function groupMatches(list: readonly string[] | undefined, group: string): boolean {
  const canonical = canonicalGroup(group);
  return (list ?? []).some((x) => x === '*' || canonicalGroup(x) === canonical);
}

export function ruleMatches(rule: RuleWithOperations, attrs: AdmissionAttributes, resource: GroupVersionResource, withOperations = true): boolean {
  if (withOperations && !listMatches(rule.operations, attrs.operation)) return false;
  if (!groupMatches(rule.apiGroups, resource.group) || !listMatches(rule.apiVersions, resource.version)) return false;
  const resourceOk = (rule.resources ?? []).some((r) => {
    const slash = r.indexOf('/');
    const [res, sub] = slash < 0 ? [r, ''] : [r.slice(0, slash), r.slice(slash + 1)];
    return (res === '*' || res === resource.resource) && (sub === '*' || sub === attrs.subresource);
  });
  if (!resourceOk) return false;
  const scope = rule.scope ?? '*';
  if (scope === 'Namespaced') return !isNamespaceObject(attrs) && attrs.namespace !== '';
  if (scope === 'Cluster') return isNamespaceObject(attrs) || attrs.namespace === '';
  return true;
}

/** The target the rules match, trying equivalent resources under matchPolicy Equivalent. */
export function matchRules(
  rules: readonly RuleWithOperations[] | undefined,
  matchPolicy: MatchPolicy | undefined,
  attrs: AdmissionAttributes,
  withOperations = true,
): MatchedTarget | undefined {
  const own = { resource: attrs.resource, kind: attrs.kind, equivalent: false };
  if ((rules ?? []).some((r) => ruleMatches(r, attrs, attrs.resource, withOperations))) return own;
  if (matchPolicy === 'Exact') return undefined;
  const here = EQUIVALENTS.findIndex(([r]) => r.group === attrs.resource.group && r.version === attrs.resource.version && r.resource === attrs.resource.resource);
  if (here < 0) return undefined;
  for (const [resource, kind] of EQUIVALENTS) {
    if (resource === EQUIVALENTS[here]![0]) continue;
    if ((rules ?? []).some((r) => ruleMatches(r, attrs, resource, withOperations))) return { resource, kind, equivalent: true };
  }
  return undefined;
}

function labelsOf(obj: unknown): Record<string, string> | undefined {
  return (obj as { metadata?: { labels?: Record<string, string> } } | undefined)?.metadata?.labels;
}

export function objectSelectorMatches(sel: LabelSelector | undefined, attrs: AdmissionAttributes): boolean {
  if (!sel || (!sel.matchLabels && !sel.matchExpressions?.length)) return true;
  return (attrs.object !== undefined && selectorMatches(sel, labelsOf(attrs.object))) || (attrs.oldObject !== undefined && selectorMatches(sel, labelsOf(attrs.oldObject)));
}

/** Cluster-scoped objects always match; a namespace is matched by its own labels. */
export async function namespaceSelectorMatches(sel: LabelSelector | undefined, attrs: AdmissionAttributes, namespaces: NamespaceAccess): Promise<boolean> {
  if (!sel || (!sel.matchLabels && !sel.matchExpressions?.length)) return true;
  if (isNamespaceObject(attrs)) return selectorMatches(sel, labelsOf(attrs.object ?? attrs.oldObject));
  if (!attrs.namespace) return true;
  const ns = await namespaces.get(attrs.namespace);
  return selectorMatches(sel, ns?.metadata?.labels);
}
