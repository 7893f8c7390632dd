// core/v1 Service: namespaced, short name svc, in category all, with /status. A PUT may create
// one, as in Kubernetes. Cluster IPs and node ports are allocated by the installed resource's
// allocation (released on every delete, collections included), not here.
import type { Service } from '../../../../api/core/v1/service-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { serviceStatusStrategy, serviceStrategy } from './strategy.ts';
import { serviceTable } from './table.ts';

export function servicesDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'Service',
    listKind: 'ServiceList',
    plural: 'services',
    singular: 'service',
    shortNames: ['svc'],
    categories: ['all'],
    namespaced: true,
    storageResource: { group: '', resource: 'services' },
    storageVersion: { group: '', version: 'v1', kind: 'Service' },
    strategy: serviceStrategy,
    toStored: (svc: Service) => svc,
    fromStored: (svc: Service) => cloneJson(svc),
    fieldSet: (svc: Service) => ({ ...objectMetaFieldSet(svc.metadata, true), 'spec.clusterIP': svc.spec?.clusterIP ?? '', 'spec.type': svc.spec?.type ?? '' }),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace', 'spec.clusterIP', 'spec.type'],
    table: serviceTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.Service',
    schema: kindSchema('io.orch.api.core.v1.Service'),
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: serviceStatusStrategy },
      // Passed on to a ready endpoint (registry/core/connect).
      proxy: { verbs: ['create', 'delete', 'get', 'patch', 'update'], strategy: serviceStrategy, connect: true },
    },
  } satisfies ResourceDeclaration<Service, Service>;
}
