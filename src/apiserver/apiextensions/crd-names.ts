// The naming rules of CustomResourceDefinitions in one group: a definition's names are accepted
// unless another definition of the group already holds one of them (its plural, singular, a short
// name, its kind or list kind), as Kubernetes' naming controller decides; the first to hold a name
// keeps it.
import type { CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionNames } from '../../api/apiextensions/v1/types.ts';

export interface NamesDecision {
  accepted: CustomResourceDefinitionNames;
  condition: Omit<CustomResourceDefinitionCondition, 'lastTransitionTime'>;
}

function namesOf(crd: CustomResourceDefinition): CustomResourceDefinitionNames | undefined {
  return crd.status?.acceptedNames?.plural ? crd.status.acceptedNames : undefined;
}

/** What `crd` may be served as, given the other definitions (`others` may include it; it is skipped). */
export function decideNames(crd: CustomResourceDefinition, others: Iterable<CustomResourceDefinition>): NamesDecision {
  const wanted = crd.spec.names;
  const holders = [...others].filter((o) => o.metadata.name !== crd.metadata.name && o.spec.group === crd.spec.group).map(namesOf).filter((n) => !!n);
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const n of holders) {
    resources.add(n.plural);
    if (n.singular) resources.add(n.singular);
    for (const s of n.shortNames ?? []) resources.add(s);
    kinds.add(n.kind);
    if (n.listKind) kinds.add(n.listKind);
  }
  const conflict = (reason: string, message: string): NamesDecision => ({
    // What was accepted before stays served while the new names conflict.
    accepted: namesOf(crd) ?? { plural: '', kind: '' },
    condition: { type: 'NamesAccepted', status: 'False', reason, message },
  });
  if (resources.has(wanted.plural)) return conflict('PluralConflict', `"${wanted.plural}" is already in use`);
  if (wanted.singular && resources.has(wanted.singular)) return conflict('SingularConflict', `"${wanted.singular}" is already in use`);
  for (const s of wanted.shortNames ?? []) if (resources.has(s)) return conflict('ShortNamesConflict', `"${s}" is already in use`);
  if (kinds.has(wanted.kind)) return conflict('KindConflict', `"${wanted.kind}" is already in use`);
  const listKind = wanted.listKind ?? `${wanted.kind}List`;
  if (kinds.has(listKind)) return conflict('ListKindConflict', `"${listKind}" is already in use`);
  return {
    accepted: { ...wanted, singular: wanted.singular || wanted.kind.toLowerCase(), listKind },
    condition: { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' },
  };
}

/** `conditions` with `next` set: its transition time moves only when its status changes. */
export function withCondition(conditions: readonly CustomResourceDefinitionCondition[] | undefined, next: Omit<CustomResourceDefinitionCondition, 'lastTransitionTime'>, now: string): CustomResourceDefinitionCondition[] {
  const out = [...(conditions ?? [])];
  const at = out.findIndex((c) => c.type === next.type);
  const old = at >= 0 ? out[at] : undefined;
  const merged = { ...next, lastTransitionTime: old && old.status === next.status ? old.lastTransitionTime : now };
  if (at >= 0) out[at] = merged;
  else out.push(merged);
  return out;
}

export function conditionOf(crd: CustomResourceDefinition, type: string): CustomResourceDefinitionCondition | undefined {
  return crd.status?.conditions?.find((c) => c.type === type);
}
