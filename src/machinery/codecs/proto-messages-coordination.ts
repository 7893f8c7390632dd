// coordination.k8s.io/v1 Lease, with Kubernetes' field numbers (k8s.io/api coordination/v1
// generated.proto). Every spec field is a pointer in Go, so zero values on the wire are kept.
import { kept, list, m, s, type MessageSpec } from './proto-field.ts';

export const coordinationMessages: Record<string, MessageSpec> = {
  LeaseSpec: {
    holderIdentity: kept(s(1)),
    leaseDurationSeconds: kept(m(2, 'int32')),
    acquireTime: m(3, 'MicroTime'),
    renewTime: m(4, 'MicroTime'),
    leaseTransitions: kept(m(5, 'int32')),
    strategy: kept(s(6)),
    preferredHolder: kept(s(7)),
  },
  Lease: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'LeaseSpec') },
  LeaseList: { metadata: m(1, 'ListMeta'), items: list(2, 'Lease') },
};
