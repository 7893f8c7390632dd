// Which pods a pod affinity or anti-affinity term selects, as Kubernetes' scheduler reads a term:
// the pod must be in one of the term's namespaces (the owner's own namespace when the term names
// none and has no namespace selector) or in a namespace the namespace selector matches, and its
// labels must match the label selector. An absent label selector or namespace selector selects
// nothing; an empty one selects everything.
import type { LabelSelector } from '../../api/meta/v1/types.ts';
import type { PodAffinityTerm, WeightedPodAffinityTerm } from '../../api/core/v1/pod-types.ts';
import { labelSelectorMatches } from '../selectors/label-selector.ts';

export interface AffinityTerm {
  topologyKey: string;
  selector: LabelSelector | undefined;
  namespaces: ReadonlySet<string>;
  namespaceSelector: LabelSelector | undefined;
}

export interface WeightedAffinityTerm extends AffinityTerm {
  weight: number;
}

/** What a term needs of the pod it is asked about. */
export interface TermTarget {
  namespace: string;
  labels: Readonly<Record<string, string>> | undefined;
}

export function affinityTermOf(term: PodAffinityTerm, ownerNamespace: string): AffinityTerm {
  const listed = term.namespaces ?? [];
  const namespaces = new Set(listed);
  if (listed.length === 0 && !term.namespaceSelector) namespaces.add(ownerNamespace);
  return { topologyKey: term.topologyKey, selector: term.labelSelector, namespaces, namespaceSelector: term.namespaceSelector };
}

export function weightedAffinityTermsOf(terms: readonly WeightedPodAffinityTerm[] | undefined, ownerNamespace: string): WeightedAffinityTerm[] {
  return (terms ?? []).filter((t) => t.weight).map((t) => ({ ...affinityTermOf(t.podAffinityTerm, ownerNamespace), weight: t.weight }));
}

/** A selector that may hold an operator the API refuses matches nothing rather than throwing. */
function selects(selector: LabelSelector | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (!selector) return false;
  try {
    return labelSelectorMatches(selector, labels);
  } catch {
    return false;
  }
}

/** Whether the term selects the pod; `namespaceLabels` are the labels of the pod's namespace. */
export function affinityTermMatches(term: AffinityTerm, pod: TermTarget, namespaceLabels: Readonly<Record<string, string>> | undefined): boolean {
  if (!term.namespaces.has(pod.namespace) && !selects(term.namespaceSelector, namespaceLabels)) return false;
  return selects(term.selector, pod.labels);
}
