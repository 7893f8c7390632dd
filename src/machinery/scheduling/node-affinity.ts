// Whether a pod's placement rules admit a node, as Kubernetes' component-helpers read them for the
// scheduler and the controllers that place pods themselves (the daemon set controller), and how
// much a node is preferred by the pod's preferred terms: every nodeSelector label
// must be on the node, and one of the required node affinity terms must hold. A term holds when
// all of its expressions hold against the node's labels and all of its fields against the node's
// name (metadata.name is the only field); a term with neither holds for no node. Gt and Lt compare
// whole numbers.
import type { Node } from '../../api/core/v1/node-types.ts';
import type { PodSpec } from '../../api/core/v1/pod-types.ts';
import type { NodeSelectorRequirement, NodeSelectorTerm } from '../../api/core/v1/volume-types.ts';

/** The one field a node selector term may name. */
export const NODE_NAME_FIELD = 'metadata.name';

const INTEGER = /^[+-]?[0-9]+$/;

function requirementHolds(requirement: NodeSelectorRequirement, values: Readonly<Record<string, string>>): boolean {
  const present = Object.hasOwn(values, requirement.key);
  const value = values[requirement.key] ?? '';
  const listed = requirement.values ?? [];
  switch (requirement.operator) {
    case 'In':
      return present && listed.includes(value);
    case 'NotIn':
      return !present || !listed.includes(value);
    case 'Exists':
      return present;
    case 'DoesNotExist':
      return !present;
    case 'Gt':
    case 'Lt': {
      if (!present || listed.length !== 1 || !INTEGER.test(value) || !INTEGER.test(listed[0]!)) return false;
      const have = BigInt(value);
      const bound = BigInt(listed[0]!);
      return requirement.operator === 'Gt' ? have > bound : have < bound;
    }
    default:
      return false;
  }
}

/** One node selector term against a node. */
export function nodeSelectorTermMatches(term: NodeSelectorTerm, node: Node): boolean {
  const expressions = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (expressions.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  if (!expressions.every((r) => requirementHolds(r, labels))) return false;
  const nodeFields = { [NODE_NAME_FIELD]: node.metadata.name ?? '' };
  return fields.every((r) => r.key === NODE_NAME_FIELD && (r.operator === 'In' || r.operator === 'NotIn') && requirementHolds(r, nodeFields));
}

/** nodeSelector and the required node affinity of a pod spec both admit the node. */
export function requiredNodeAffinityMatches(spec: PodSpec | undefined, node: Node): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [key, value] of Object.entries(spec?.nodeSelector ?? {})) {
    if (!Object.hasOwn(labels, key) || labels[key] !== value) return false;
  }
  const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return (required.nodeSelectorTerms ?? []).some((term) => nodeSelectorTermMatches(term, node));
}

/** The sum of the weights of the pod's preferred node affinity terms that the node matches. */
export function preferredNodeAffinityWeight(spec: PodSpec | undefined, node: Node): number {
  let weight = 0;
  for (const preferred of spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
    if (preferred.weight && nodeSelectorTermMatches(preferred.preference, node)) weight += preferred.weight;
  }
  return weight;
}
