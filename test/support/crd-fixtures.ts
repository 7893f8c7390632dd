// A realistic multi-version CustomResourceDefinition for the custom resource tests: widgets of
// shop.example.com, served as v1 (stored) and v1beta1 (deprecated), with nested objects, a list
// keyed by name, a free-form map, defaults, value validations, CEL rules (one a transition rule),
// status and scale subresources, printer columns and a selectable field.

export const WIDGET_GROUP = 'shop.example.com';
export const WIDGET_CRD_NAME = `widgets.${WIDGET_GROUP}`;

const widgetSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['color'],
      'x-kubernetes-validations': [{ rule: "self.replicas <= 5 || self.size == 'large'", message: 'more than 5 replicas need size large', fieldPath: '.replicas' }],
      properties: {
        color: { type: 'string', enum: ['red', 'green', 'blue'] },
        replicas: { type: 'integer', format: 'int32', minimum: 0, maximum: 10, default: 1 },
        size: { type: 'string', default: 'medium', enum: ['small', 'medium', 'large'] },
        serial: { type: 'string', maxLength: 16, 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'serial is immutable' }] },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: {
            type: 'object',
            required: ['name', 'port'],
            properties: {
              name: { type: 'string' },
              port: { type: 'integer', minimum: 1, maximum: 65535 },
              protocol: { type: 'string', default: 'TCP' },
            },
          },
        },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        owner: { type: 'object', properties: { team: { type: 'string' }, email: { type: 'string', format: 'email' } } },
      },
    },
    status: {
      type: 'object',
      properties: {
        replicas: { type: 'integer' },
        selector: { type: 'string' },
        phase: { type: 'string' },
      },
    },
  },
};

export function widgetCrd(group = WIDGET_GROUP): Record<string, unknown> {
  const version = (name: string, storage: boolean, extra: Record<string, unknown> = {}) => ({
    name,
    served: true,
    storage,
    schema: { openAPIV3Schema: widgetSchema },
    subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
    additionalPrinterColumns: [
      { name: 'Color', type: 'string', jsonPath: '.spec.color' },
      { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
      { name: 'Phase', type: 'string', jsonPath: '.status.phase', priority: 1 },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ],
    selectableFields: [{ jsonPath: '.spec.color' }],
    ...extra,
  });
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `widgets.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', shortNames: ['wd'], categories: ['all'] },
      versions: [version('v1', true), version('v1beta1', false, { deprecated: true })],
    },
  };
}

export function widget(name: string, spec: Record<string, unknown>, apiVersion = `${WIDGET_GROUP}/v1`): Record<string, unknown> {
  return { apiVersion, kind: 'Widget', metadata: { name }, spec };
}
