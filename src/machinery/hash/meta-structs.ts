// The meta/v1 structs a pod template holds, in the Go struct notation of openapi/go-structs.ts,
// for printing values as Go holds them (go-struct-text.ts). Only the Go facts matter here: field
// order, json tags and types, as k8s.io/apimachinery declares them.
import type { StructDecl } from '../openapi/go-structs.ts';

export const metaStructs: Record<string, StructDecl> = {
  ObjectMeta: {
    doc: 'Object metadata.',
    fields: [
      ['name,omitempty', 1, 'string', ''],
      ['generateName,omitempty', 2, 'string', ''],
      ['namespace,omitempty', 3, 'string', ''],
      ['selfLink,omitempty', 4, 'string', ''],
      ['uid,omitempty', 5, 'types.UID', ''],
      ['resourceVersion,omitempty', 6, 'string', ''],
      ['generation,omitempty', 7, 'int64', ''],
      ['creationTimestamp,omitempty', 8, 'meta.Time', ''],
      ['*deletionTimestamp,omitempty', 9, 'meta.Time', ''],
      ['*deletionGracePeriodSeconds,omitempty', 10, 'int64', ''],
      ['labels,omitempty', 11, 'map[string]string', ''],
      ['annotations,omitempty', 12, 'map[string]string', ''],
      ['ownerReferences,omitempty', 13, '[]OwnerReference', ''],
      ['finalizers,omitempty', 14, '[]string', ''],
      ['managedFields,omitempty', 17, '[]ManagedFieldsEntry', ''],
    ],
  },
  OwnerReference: {
    doc: 'A reference to an owner.',
    fields: [
      ['apiVersion', 5, 'string', ''],
      ['kind', 1, 'string', ''],
      ['name', 3, 'string', ''],
      ['uid', 4, 'types.UID', ''],
      ['*controller,omitempty', 6, 'bool', ''],
      ['*blockOwnerDeletion,omitempty', 7, 'bool', ''],
    ],
  },
  ManagedFieldsEntry: {
    doc: 'A field manager entry.',
    fields: [
      ['manager,omitempty', 1, 'string', ''],
      ['operation,omitempty', 2, 'string:ManagedFieldsOperationType', ''],
      ['apiVersion,omitempty', 3, 'string', ''],
      ['*time,omitempty', 4, 'meta.Time', ''],
      ['fieldsType,omitempty', 6, 'string', ''],
      ['*fieldsV1,omitempty', 7, 'FieldsV1', ''],
      ['subresource,omitempty', 8, 'string', ''],
    ],
  },
  FieldsV1: {
    doc: 'A set of fields as raw JSON.',
    fields: [['raw,omitempty', 1, '[]byte', '']],
  },
  LabelSelector: {
    doc: 'A label query.',
    fields: [
      ['matchLabels,omitempty', 1, 'map[string]string', ''],
      ['matchExpressions,omitempty', 2, '[]LabelSelectorRequirement', ''],
    ],
  },
  LabelSelectorRequirement: {
    doc: 'One requirement of a label query.',
    fields: [
      ['key', 1, 'string', ''],
      ['operator', 2, 'string:LabelSelectorOperator', ''],
      ['values,omitempty', 3, '[]string', ''],
    ],
  },
};
