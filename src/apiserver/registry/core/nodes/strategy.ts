// What a write may change on a Node, as Kubernetes' node strategy: a create may carry a status
// (the node agent registers with one) but not the removed dynamic configuration; an update keeps
// the stored status and /status keeps the stored spec. podCIDR and podCIDRs are kept in step as
// Kubernetes' conversion keeps them, and allocatable defaults to capacity.
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateNode, validateNodeStatusUpdate, validateNodeUpdate } from './validation.ts';
import { goEncoder } from '../go-encoding.ts';

/** v1's podCIDR is podCIDRs[0]; a client that sets only podCIDR sets the list. */
function syncPodCIDRs(node: Node): void {
  const spec = node.spec;
  if (!spec) return;
  if (!spec.podCIDRs?.length && spec.podCIDR) spec.podCIDRs = [spec.podCIDR];
  if (spec.podCIDRs?.length) spec.podCIDR = spec.podCIDRs[0];
}

/** SetDefaults_NodeStatus: a node that reports capacity and no allocatable can use all of it. */
function defaultAllocatable(node: Node): void {
  const status = node.status;
  if (status?.capacity && !status.allocatable) status.allocatable = { ...status.capacity };
}

/** Warnings for fields that are set but no longer do anything. */
export function nodeWarnings(node: Node): string[] {
  const out: string[] = [];
  if (node.spec?.configSource) out.push('spec.configSource: the feature is removed');
  if (node.spec?.externalID) out.push('spec.externalID: this field is deprecated, and is unused by Kubernetes');
  return out;
}

export const nodeStrategy: ResourceStrategy<Node> = {
  prepareForCreate(node) {
    if (node.spec) delete node.spec.configSource;
    if (node.status) delete node.status.config;
    syncPodCIDRs(node);
    defaultAllocatable(node);
  },
  prepareForUpdate(node, old) {
    node.status = structuredClone(old.status ?? {});
    // Only a node that already had a config source may keep one.
    if (!old.spec?.configSource && node.spec) delete node.spec.configSource;
    syncPodCIDRs(node);
  },
  validate: validateNode,
  validateUpdate: validateNodeUpdate,
  warningsOnCreate: nodeWarnings,
  warningsOnUpdate: nodeWarnings,
  // allocatable and podCIDRs may be filled in after decoding: back to Go's order.
  canonicalize: goEncoder('io.orch.api.core.v1.Node', 'v1.Node'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const nodeStatusStrategy: ResourceStrategy<Node> = {
  ...nodeStrategy,
  prepareForUpdate(node, old) {
    node.spec = structuredClone(old.spec ?? {});
    if (!old.status?.config && node.status) delete node.status.config;
    defaultAllocatable(node);
  },
  validateUpdate: validateNodeStatusUpdate,
  warningsOnUpdate: () => [],
};
