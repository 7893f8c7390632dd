// coordination.v1beta1's types served by this server, as Go structs (see ../go-structs.ts):
// LeaseCandidate, beta in Kubernetes 1.35 (coordinated leader election) and off unless
// --runtime-config turns it on. v1alpha2 has the same shape (derived here). Field numbers and
// tags are Kubernetes' (k8s.io/api coordination/v1beta1); descriptions are our own.
import type { GoPackage, StructDecl } from '../go-structs.ts';

const structs: Record<string, StructDecl> = {
  LeaseCandidate: {
    doc: 'A component\'s candidacy for a Lease under coordinated leader election, from which the best leader is chosen.',
    kind: { group: 'coordination.orch.io', version: 'v1beta1', kind: 'LeaseCandidate' },
    listDoc: 'A list of lease candidates.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'LeaseCandidateSpec', 'The candidate\'s lease, versions and strategy.'],
    ],
  },
  LeaseCandidateSpec: {
    doc: 'What a lease candidate contends for and with which versions.',
    fields: [
      ['leaseName', 1, 'string', 'The name of the Lease contended for (several candidates name the same one). Immutable.'],
      ['*pingTime,omitempty', 2, 'meta.MicroTime', 'When the coordinator last asked the candidate to renew, during an election.'],
      ['*renewTime,omitempty', 3, 'meta.MicroTime', 'When the candidate last renewed; candidates not renewed for hours are removed.'],
      ['binaryVersion', 4, 'string', 'The candidate\'s binary version, a semantic version without a leading v.'],
      ['emulationVersion,omitempty', 5, 'string', 'The candidate\'s emulation version, a semantic version no greater than binaryVersion; required with OldestEmulationVersion.'],
      ['strategy,omitempty', 6, 'string', 'How the leader is picked: OldestEmulationVersion, or a strategy of your own as a qualified name; the newest candidate\'s choice wins.', { required: true }],
    ],
  },
};

function atVersion(version: string): Record<string, StructDecl> {
  return Object.fromEntries(Object.entries(structs).map(([name, decl]) => [name, decl.kind ? { ...decl, kind: { ...decl.kind, version } } : decl]));
}

export const coordinationV1beta1Package: GoPackage = { prefix: 'io.orch.api.coordination.v1beta1', goPackage: 'v1beta1', structs: atVersion('v1beta1') };
export const coordinationV1alpha2Package: GoPackage = { prefix: 'io.orch.api.coordination.v1alpha2', goPackage: 'v1alpha2', structs: atVersion('v1alpha2') };
