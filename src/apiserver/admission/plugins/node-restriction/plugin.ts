// NodeRestriction: a node identity (system:node:<name> in system:nodes) may only write what is its
// own: its Node, mirror pods bound to it and the status of pods it runs, its Lease, CSINode and
// ResourceSlices, claim status for resizing, and tokens and certificate requests for its pods. The Node authorizer lets
// these verbs through; this plugin looks at the objects. Other users are not concerned.
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { nodeIdentity } from '../../../authorization/node/authorizer.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { admitNode } from './nodes.ts';
import { admitCSINode, admitClaimStatus, admitLease, admitResourceSlice, admitServiceAccountToken } from './other-objects.ts';
import { admitPodCreate, admitPodDelete, admitPodEviction, admitPodStatus } from './pods.ts';
import { admitPodCertificateRequest } from './pod-certificate-requests.ts';

export interface NodeRestrictionDeps {
  objects?: () => StoredObjects | undefined;
  authorizer?: () => Authorizer | undefined;
}

export function nodeRestriction(deps: NodeRestrictionDeps = {}): AdmissionPlugin {
  const objects = () => deps.objects?.();

  function admitPod(attrs: AdmissionAttributes, node: string): void | Promise<void> {
    switch (attrs.subresource) {
      case '':
        if (attrs.operation === 'CREATE') return admitPodCreate(attrs, node, objects());
        if (attrs.operation === 'DELETE') return admitPodDelete(attrs, node, objects());
        throw admissionForbidden(attrs, `unexpected operation "${attrs.operation}", node "${node}" can only create and delete mirror pods`);
      case 'status':
        return admitPodStatus(attrs, node);
      case 'eviction':
        return admitPodEviction(attrs, node, objects());
      default:
        throw admissionForbidden(attrs, `unexpected pod subresource "${attrs.subresource}", only 'status' and 'eviction' are allowed`);
    }
  }

  return {
    name: 'NodeRestriction',
    handles: (op) => op === 'CREATE' || op === 'UPDATE' || op === 'DELETE',
    admit(attrs) {
      if (!attrs.userInfo) return undefined;
      const node = nodeIdentity(attrs.userInfo);
      if (node === undefined) return undefined;
      if (node === '') throw admissionForbidden(attrs, `could not determine node from user "${attrs.userInfo.name}"`);
      const { group, resource } = attrs.resource;
      switch (`${group}/${resource}`) {
        case '/pods':
          return admitPod(attrs, node);
        case '/nodes':
          return admitNode(attrs, node);
        case '/persistentvolumeclaims':
          if (attrs.subresource !== 'status') throw admissionForbidden(attrs, 'may only update PVC status');
          return admitClaimStatus(attrs, node);
        case '/serviceaccounts':
          return admitServiceAccountToken(attrs, node, objects(), deps.authorizer?.());
        case 'coordination.orch.io/leases':
          return admitLease(attrs, node);
        case 'storage.orch.io/csinodes':
          return admitCSINode(attrs, node);
        case 'resource.orch.io/resourceslices':
          return admitResourceSlice(attrs, node);
        case 'certificates.orch.io/podcertificaterequests':
          return admitPodCertificateRequest(attrs, node, objects());
        default:
          return undefined;
      }
    },
  };
}
