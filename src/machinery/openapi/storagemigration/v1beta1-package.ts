// storagemigration.v1beta1's types as Go structs (see ../go-structs.ts): StorageVersionMigration,
// beta in Kubernetes 1.35 (which removed v1alpha1) and off unless --runtime-config turns it on;
// and meta/v1 GroupResource, which it names. Field numbers and tags are Kubernetes' (k8s.io/api
// storagemigration/v1beta1, apimachinery meta/v1); descriptions are our own.
import { META_V1 } from '../names.ts';
import type { GoPackage } from '../go-structs.ts';

export const storagemigrationV1beta1Package: GoPackage = {
  prefix: 'io.orch.api.storagemigration.v1beta1',
  goPackage: 'v1beta1',
  structs: {
    StorageVersionMigration: {
      doc: 'A request to rewrite every stored object of a resource in the storage version the server now writes.',
      kind: { group: 'storagemigration.orch.io', version: 'v1beta1', kind: 'StorageVersionMigration' },
      listDoc: 'A list of storage version migrations.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'StorageVersionMigrationSpec', 'The resource to migrate.'],
        ['status,omitempty', 3, 'StorageVersionMigrationStatus', 'How the migration went; written through /status.'],
      ],
    },
    StorageVersionMigrationSpec: {
      doc: 'What a storage version migration rewrites.',
      fields: [['resource', 1, 'meta.GroupResource', 'The resource whose objects are rewritten, through the endpoint that serves it. Immutable.']],
    },
    StorageVersionMigrationStatus: {
      doc: 'The progress of a storage version migration.',
      fields: [
        ['conditions,omitempty', 1, '[]meta.Condition', 'Running, Succeeded or Failed; Succeeded and Failed never both, and neither taken back.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
        ['resourceVersion,omitempty', 2, 'string', 'The resource version of the resource when the migration was first seen, up to which objects are rewritten; fixed once set.'],
      ],
    },
  },
};

/** meta/v1 GroupResource, which no other served kind publishes. */
export const metaGroupResourcePackage: GoPackage = {
  prefix: META_V1,
  goPackage: 'v1',
  structs: {
    GroupResource: {
      doc: 'A resource named with its API group, without a version.',
      fields: [
        ['group', 1, 'string', 'The API group; empty for the core group.'],
        ['resource', 2, 'string', 'The resource, e.g. deployments.'],
      ],
    },
  },
};
