// What a write may change on a Namespace: the main resource keeps spec.finalizers and status,
// /status changes only status, /finalize only spec.finalizers.
import { KUBERNETES_NAMESPACE_NAME_LABEL, NAMESPACE_FINALIZER, NAMESPACE_NAME_LABEL, type Namespace } from '../../../../api/core/v1/namespace-types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateNamespace, validateNamespaceFinalizeUpdate, validateNamespaceStatusUpdate, validateNamespaceUpdate } from './validation.ts';

/**
 * Every namespace is labelled with its own name, so selectors can pick namespaces by name: under
 * orch's name and under Kubernetes', which existing manifests use.
 */
function labelWithName(ns: Namespace): void {
  if (!ns.metadata.name) return;
  ns.metadata.labels = { ...ns.metadata.labels, [NAMESPACE_NAME_LABEL]: ns.metadata.name, [KUBERNETES_NAMESPACE_NAME_LABEL]: ns.metadata.name };
}

const common = {
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: labelWithName,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const namespaceStrategy: ResourceStrategy<Namespace> = {
  ...common,
  prepareForCreate(ns) {
    ns.status = { phase: 'Active' };
    // The namespace controller's finalizer is required on create; it may be removed later.
    const finalizers = ns.spec?.finalizers ?? [];
    if (!finalizers.includes(NAMESPACE_FINALIZER)) ns.spec = { ...ns.spec, finalizers: [...finalizers, NAMESPACE_FINALIZER] };
  },
  prepareForUpdate(ns, old) {
    ns.spec = structuredClone(old.spec ?? {});
    ns.status = structuredClone(old.status ?? {});
  },
  validate: validateNamespace,
  validateUpdate: validateNamespaceUpdate,
};

export const namespaceStatusStrategy: ResourceStrategy<Namespace> = {
  ...namespaceStrategy,
  prepareForUpdate(ns, old) {
    ns.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: validateNamespaceStatusUpdate,
};

export const namespaceFinalizeStrategy: ResourceStrategy<Namespace> = {
  ...namespaceStrategy,
  prepareForUpdate(ns, old) {
    ns.status = structuredClone(old.status ?? {});
  },
  validateUpdate: validateNamespaceFinalizeUpdate,
};
