// The declarations of the named API groups (apps, batch, autoscaling, policy, networking, …),
// each group's list kept beside its resources; stored like the core group's, one store each.
import type { ResourceDeclaration } from '../../apiserver/registry/resource.ts';
import { apiextensionsDeclarations } from '../../apiserver/registry/apiextensions/declarations.ts';
import { appsDeclarations } from '../../apiserver/registry/apps/declarations.ts';
import { autoscalingDeclarations } from '../../apiserver/registry/autoscaling/declarations.ts';
import { batchDeclarations } from '../../apiserver/registry/batch/declarations.ts';
import { certificatesDeclarations } from '../../apiserver/registry/certificates/declarations.ts';
import { coordinationDeclarations } from '../../apiserver/registry/coordination/declarations.ts';
import { discoveryDeclarations } from '../../apiserver/registry/discovery/declarations.ts';
import { networkingDeclarations } from '../../apiserver/registry/networking/declarations.ts';
import { nodeDeclarations } from '../../apiserver/registry/node/declarations.ts';
import { policyDeclarations } from '../../apiserver/registry/policy/declarations.ts';
import { resourceDeclarations } from '../../apiserver/registry/resource/declarations.ts';
import { schedulingDeclarations } from '../../apiserver/registry/scheduling/declarations.ts';
import { storageDeclarations } from '../../apiserver/registry/storage/declarations.ts';
import { storagemigrationDeclarations } from '../../apiserver/registry/storagemigration/declarations.ts';
import { apiserverInternalDeclarations } from '../../apiserver/registry/apiserverinternal/declarations.ts';

export function namedGroupDeclarations(): ResourceDeclaration<any, any>[] {
  return [
    ...appsDeclarations(),
    ...batchDeclarations(),
    ...autoscalingDeclarations(),
    ...policyDeclarations(),
    ...networkingDeclarations(),
    ...discoveryDeclarations(),
    ...storageDeclarations(),
    ...nodeDeclarations(),
    ...schedulingDeclarations(),
    ...certificatesDeclarations(),
    ...resourceDeclarations(),
    ...coordinationDeclarations(),
    ...storagemigrationDeclarations(),
    ...apiserverInternalDeclarations(),
    ...apiextensionsDeclarations(),
  ];
}
