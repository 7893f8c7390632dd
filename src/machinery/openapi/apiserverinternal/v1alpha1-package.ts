// apiserverinternal.v1alpha1's types as Go structs (see ../go-structs.ts): StorageVersion, alpha in
// Kubernetes 1.35 and served only with --runtime-config and the StorageVersionAPI gate. Field
// numbers and tags are Kubernetes' (k8s.io/api apiserverinternal/v1alpha1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const apiserverInternalV1alpha1Package: GoPackage = {
  prefix: 'io.orch.api.apiserverinternal.v1alpha1',
  goPackage: 'v1alpha1',
  structs: {
    StorageVersion: {
      doc: 'The version each API server of the cluster writes one resource in, named <group>.<resource>.',
      kind: { group: 'internal.apiserver.orch.io', version: 'v1alpha1', kind: 'StorageVersion' },
      listDoc: 'A list of storage versions.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; the name is <group>.<resource>.'],
        ['spec', 2, 'StorageVersionSpec', 'Empty: there is nothing to ask for.'],
        ['status', 3, 'StorageVersionStatus', 'What the API servers reported; written through /status.'],
      ],
    },
    StorageVersionSpec: {
      doc: 'A storage version has no specification.',
      fields: [],
    },
    StorageVersionStatus: {
      doc: 'The versions API servers write and read one resource in.',
      fields: [
        ['storageVersions,omitempty', 1, '[]ServerStorageVersion', 'One entry per API server, by its identity.', { listType: 'map', listMapKeys: ['apiServerID'] }],
        ['*commonEncodingVersion,omitempty', 2, 'string', 'The version every API server listed writes in, when they all write the same one.'],
        ['conditions,omitempty', 3, '[]StorageVersionCondition', 'The latest observations; one per type.', { listType: 'map', listMapKeys: ['type'] }],
      ],
    },
    ServerStorageVersion: {
      doc: 'The versions one API server writes, reads and serves a resource in.',
      fields: [
        ['apiServerID,omitempty', 1, 'string', 'The identity of the API server (the name of its identity lease).'],
        ['encodingVersion,omitempty', 2, 'string', 'The group/version the server writes new objects in.'],
        ['decodableVersions,omitempty', 3, '[]string', 'The group/versions the server can read stored objects in; includes encodingVersion.', { listType: 'set' }],
        ['servedVersions,omitempty', 4, '[]string', 'The group/versions the server serves the resource at.', { listType: 'set' }],
      ],
    },
    StorageVersionCondition: {
      doc: 'One observation about a storage version.',
      fields: [
        ['type', 1, 'string', 'The kind of observation, e.g. AllEncodingVersionsEqual.'],
        ['status', 2, 'string', 'True, False or Unknown.'],
        ['observedGeneration,omitempty', 3, 'int64', 'The metadata.generation the condition was set for.'],
        ['lastTransitionTime,omitempty', 4, 'meta.Time', 'When the status last changed.'],
        ['reason', 5, 'string', 'A one-word reason for the last transition.'],
        ['message,omitempty', 6, 'string', 'A sentence about the last transition.'],
      ],
    },
  },
};
