// core/v1 Namespace.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export type NamespacePhase = 'Active' | 'Terminating';

export interface NamespaceCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface Namespace {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: { finalizers?: string[] };
  status?: { phase?: NamespacePhase; conditions?: NamespaceCondition[] };
  [field: string]: unknown;
}

/** The finalizer the namespace controller removes once a namespace is empty (Kubernetes: `kubernetes`). */
export const NAMESPACE_FINALIZER = 'orch';

/** Label every namespace carries with its own name (Kubernetes: kubernetes.io/metadata.name). */
export const NAMESPACE_NAME_LABEL = 'orch.io/metadata.name';
/**
 * The same label under Kubernetes' name, which manifests written for Kubernetes select by
 * (network policies' and webhooks' namespaceSelector), so every namespace carries both.
 */
export const KUBERNETES_NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';
