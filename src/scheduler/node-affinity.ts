// A pod's node selector and node affinity against a node's labels and name, as Kubernetes matches
// them: every nodeSelector label must be there; the required terms are alternatives, each the
// conjunction of its expressions and fields (a term with neither matches nothing); Gt and Lt
// compare integers. Preferred terms add their weights when they match.
import type { Node } from '../api/core/v1/node-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { NodeSelectorRequirement, NodeSelectorTerm } from '../api/core/v1/volume-types.ts';

function requirementMatches(requirement: NodeSelectorRequirement, values: Record<string, string>): boolean {
  const present = Object.hasOwn(values, requirement.key);
  const value = values[requirement.key];
  const listed = requirement.values ?? [];
  switch (requirement.operator) {
    case 'In':
      return present && listed.includes(value!);
    case 'NotIn':
      return !present || !listed.includes(value!);
    case 'Exists':
      return present;
    case 'DoesNotExist':
      return !present;
    case 'Gt':
    case 'Lt': {
      if (!present || listed.length !== 1) return false;
      const have = Number.parseInt(value!, 10);
      const bound = Number.parseInt(listed[0]!, 10);
      if (!Number.isFinite(have) || !Number.isFinite(bound) || String(have) !== value!.trim()) return false;
      return requirement.operator === 'Gt' ? have > bound : have < bound;
    }
    default:
      return false;
  }
}

export function termMatches(term: NodeSelectorTerm, node: Node): boolean {
  const expressions = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (expressions.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  if (!expressions.every((r) => requirementMatches(r, labels))) return false;
  return fields.every((r) => r.key === 'metadata.name' && requirementMatches(r, { 'metadata.name': node.metadata.name ?? '' }));
}

/** nodeSelector and required node affinity both hold. */
export function matchesNodeSelectorAndAffinity(pod: Pod, node: Node): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [key, value] of Object.entries(pod.spec?.nodeSelector ?? {})) if (labels[key] !== value) return false;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return (required.nodeSelectorTerms ?? []).some((term) => termMatches(term, node));
}

/** The sum of the weights of the preferred terms the node matches. */
export function preferredAffinityWeight(pod: Pod, node: Node): number {
  let weight = 0;
  for (const preferred of pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
    if (preferred.weight && termMatches(preferred.preference, node)) weight += preferred.weight;
  }
  return weight;
}
