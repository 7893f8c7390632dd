// core/v1 node selectors as Go structs (see ../go-structs.ts for the notation): the node terms a
// persistent volume's node affinity and a pod's node affinity are written in, and the topology
// terms a storage class limits provisioning with. Field numbers, tags and Go types are
// Kubernetes' (k8s.io/api core/v1 types.go); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

export const nodeSelectorStructs: Record<string, StructDecl> = {
  NodeSelector: {
    doc: 'Nodes chosen by label and field queries: a node matches when any of the terms matches it.',
    atomic: true,
    fields: [['nodeSelectorTerms', 1, '[]NodeSelectorTerm', 'The terms, combined with OR. Required.', { listType: 'atomic' }]],
  },
  NodeSelectorTerm: {
    doc: 'Requirements on a node\'s labels and fields, all of which must hold; an empty term matches no node.',
    atomic: true,
    fields: [
      ['matchExpressions,omitempty', 1, '[]NodeSelectorRequirement', 'Requirements on the node\'s labels.', { listType: 'atomic' }],
      ['matchFields,omitempty', 2, '[]NodeSelectorRequirement', 'Requirements on the node\'s fields (metadata.name).', { listType: 'atomic' }],
    ],
  },
  NodeSelectorRequirement: {
    doc: 'One requirement on a node label or field: a key, an operator and the values it compares with.',
    fields: [
      ['key', 1, 'string', 'The label or field the requirement is about. Required.'],
      ['operator', 2, 'string:NodeSelectorOperator', 'How the key relates to the values: In, NotIn, Exists, DoesNotExist, Gt or Lt. Required.', { enum: ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn'] }],
      ['values,omitempty', 3, '[]string', 'The values: at least one for In and NotIn, none for Exists and DoesNotExist, exactly one integer for Gt and Lt.', { listType: 'atomic' }],
    ],
  },
  TopologySelectorTerm: {
    doc: 'A topology domain chosen by label requirements that must all hold; an empty term matches nothing.',
    atomic: true,
    fields: [['matchLabelExpressions,omitempty', 1, '[]TopologySelectorLabelRequirement', 'The requirements on topology labels, combined with AND.', { listType: 'atomic' }]],
  },
  TopologySelectorLabelRequirement: {
    doc: 'One topology label and the values it may have.',
    fields: [
      ['key', 1, 'string', 'The topology label key.'],
      ['values', 2, '[]string', 'The values the label may have; any one of them matches.', { listType: 'atomic' }],
    ],
  },
};
