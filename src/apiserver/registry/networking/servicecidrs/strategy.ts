// What a write may change on a ServiceCIDR. As in Kubernetes, the main resource leaves the status
// as written (only server-side apply resets it); /status keeps the stored spec and the metadata a
// status writer may not change (labels, annotations, finalizers, owners, generation, deletion).
import type { ServiceCIDR } from '../../../../api/networking/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateServiceCIDR, validateServiceCIDRStatusUpdate, validateServiceCIDRUpdate } from './validation.ts';

export const serviceCIDRStrategy: ResourceStrategy<ServiceCIDR> = {
  prepareForCreate: () => {},
  prepareForUpdate: () => {},
  validate: validateServiceCIDR,
  validateUpdate: validateServiceCIDRUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

const STATUS_KEPT_METADATA = ['deletionTimestamp', 'generation', 'selfLink', 'labels', 'annotations', 'finalizers', 'ownerReferences'] as const;

export const serviceCIDRStatusStrategy: ResourceStrategy<ServiceCIDR> = {
  ...serviceCIDRStrategy,
  prepareForUpdate(sc, old) {
    sc.spec = structuredClone(old.spec ?? {});
    const meta = sc.metadata as Record<string, unknown>;
    for (const field of STATUS_KEPT_METADATA) {
      if (old.metadata[field] === undefined) delete meta[field];
      else meta[field] = structuredClone(old.metadata[field]);
    }
  },
  validateUpdate: validateServiceCIDRStatusUpdate,
};
