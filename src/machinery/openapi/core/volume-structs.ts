// core/v1 volume types as Go structs (see ../go-structs.ts for the notation), gathered from the
// files that declare them: pod volume sources, file mappings and projections, persistent volumes
// and claims, and node selectors. Field numbers, tags and Go types are Kubernetes' (k8s.io/api
// core/v1 types.go); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';
import { nodeSelectorStructs } from './node-selector-structs.ts';
import { persistentVolumeStructs } from './persistent-volume-structs.ts';
import { projectionStructs } from './projection-structs.ts';
import { volumeSourceStructs } from './volume-source-structs.ts';

export const volumeStructs: Record<string, StructDecl> = {
  // Published by secret-schemas.ts; declared here only so that the config map and secret
  // sources can embed it.
  LocalObjectReference: {
    doc: 'A reference to an object in the same namespace, by name.',
    atomic: true,
    inlineOnly: true,
    fields: [['name,omitempty', 1, 'string', 'Name of the referent.', { default: '' }]],
  },
  ...volumeSourceStructs,
  ...projectionStructs,
  ...persistentVolumeStructs,
  ...nodeSelectorStructs,
};
