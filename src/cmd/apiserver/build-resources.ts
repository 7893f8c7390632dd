// The resources orch-apiserver serves, each paired with the store of what it is stored as, and
// the OpenAPI schemas of their kinds. Events of the core group and of events.orch.io share one
// store (core v1 under /registry/events/), so both paths see the same objects.
import { buildAccessControl, type AccessControl } from '../../apiserver/registry/rbac/access-control.ts';
import type { ApiserverOptions } from '../../options/apiserver-options.ts';
import type { Admission } from '../../apiserver/admission/types.ts';
import type { CoreEvent } from '../../api/core/v1/event-types.ts';
import type { OpenApiSchemas } from '../../apiserver/endpoints/openapi/handler.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import { EVENTS_STORAGE } from '../../apiserver/registry/events/declaration-common.ts';
import { eventResources, eventsOpenApiSchemas } from '../../apiserver/registry/events/declarations.ts';
import type { ApiserverStorage } from './build-storage.ts';
import { coreResources, type CoreResources } from './core-resources.ts';
import { withClusterKindSchemas } from '../../machinery/openapi/cluster-kind-schemas.ts';
import { secretsDeclaration } from '../../apiserver/registry/core/secrets/declaration.ts';
import { serviceAccountsDeclaration } from '../../apiserver/registry/core/serviceaccounts/declaration.ts';
import { endpointsDeclaration } from '../../apiserver/registry/core/endpoints/declaration.ts';
import { limitRangesDeclaration } from '../../apiserver/registry/core/limitranges/declaration.ts';
import { resourceQuotasDeclaration } from '../../apiserver/registry/core/resourcequotas/declaration.ts';
import { persistentVolumesDeclaration } from '../../apiserver/registry/core/persistentvolumes/declaration.ts';
import { persistentVolumeClaimsDeclaration } from '../../apiserver/registry/core/persistentvolumeclaims/declaration.ts';
import { servicesDeclaration } from '../../apiserver/registry/core/services/declaration.ts';
import { nodesDeclaration } from '../../apiserver/registry/core/nodes/declaration.ts';
import { podsDeclaration } from '../../apiserver/registry/core/pods/declaration.ts';
import { podDisruptionBudgetsDeclaration } from '../../apiserver/registry/policy/poddisruptionbudgets/declaration.ts';
import { podDisruptionBudgetCheck } from '../../apiserver/registry/policy/poddisruptionbudgets/disruption-check.ts';
import { podTemplatesDeclaration } from '../../apiserver/registry/core/podtemplates/declaration.ts';
import { replicationControllersDeclaration } from '../../apiserver/registry/core/replicationcontrollers/declaration.ts';
import { componentStatusesDeclaration } from '../../apiserver/registry/core/componentstatuses/declaration.ts';
import { componentStatuses } from '../../apiserver/registry/core/componentstatuses/statuses.ts';
import { unstoredStore } from '../../apiserver/registry/generic/unstored-store.ts';
import { namedGroupDeclarations } from './build-groups.ts';
import { withNodeAgentConnectors } from '../../apiserver/registry/core/connect/install.ts';
import type { EgressDialer } from '../../apiserver/egress/selector.ts';
import type { AuthorizerSource } from '../../apiserver/registry/core/connect/create-permission.ts';
import { bindingsDeclaration } from '../../apiserver/registry/core/pods/subresources/bindings-resource.ts';
import { runAction } from '../../apiserver/registry/generic/action.ts';
import { subresourceOf } from '../../apiserver/endpoints/subresources.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';

export interface ApiserverResources {
  resources: InstalledResource<any, any>[];
  /** The OpenAPI definitions of the built-in kinds, made when first asked for. */
  openapi: () => OpenApiSchemas;
  /** Namespaces, config maps and leases without admission, for the server's own writes. */
  core: CoreResources;
  /** RBAC, the review APIs and the authorizer mode, bootstrap hook and auth binding they need. */
  access: AccessControl;
}

/** --event-ttl (milliseconds) in whole seconds; 0 keeps events forever. */
export function eventTtlSeconds(eventTTLms: number): number {
  return Math.ceil(eventTTLms / 1000);
}

/**
 * Every resource this server serves; writes to each pass through `admission`. `authorizer` (the
 * server's, once built) decides whether a WebSocket exec, attach or port-forward may create it.
 */
export function buildResources(options: ApiserverOptions, storage: ApiserverStorage, admission: Admission, authorizer?: AuthorizerSource, clusterDialer?: EgressDialer): ApiserverResources {
  const events = eventResources(storage.storeFor<CoreEvent>(EVENTS_STORAGE.storageResource), {
    ttlSeconds: eventTtlSeconds(options.storage.eventTTLms),
    storeName: storage.storeNameFor(EVENTS_STORAGE.storageResource),
  });
  // Evictions respect the PodDisruptionBudgets stored for policy/v1.
  const budgets = podDisruptionBudgetsDeclaration().storageResource;
  const disruptionCheck = podDisruptionBudgetCheck(storage.storeFor(budgets), storage.storeNameFor(budgets));
  const core = [secretsDeclaration(), serviceAccountsDeclaration(), endpointsDeclaration(), limitRangesDeclaration(), resourceQuotasDeclaration(), servicesDeclaration(), nodesDeclaration(), podsDeclaration(disruptionCheck), podTemplatesDeclaration(), replicationControllersDeclaration(), persistentVolumesDeclaration(), persistentVolumeClaimsDeclaration(), ...namedGroupDeclarations()].map((declaration) => ({
    declaration,
    store: storage.storeFor(declaration.storageResource),
    storeName: storage.storeNameFor(declaration.storageResource),
  }));
  // POST …/bindings binds a pod as pods/<name>/binding does.
  const podsBinding = subresourceOf(core.find((r) => r.declaration.plural === 'pods')!, 'binding')!;
  const bindings = {
    declaration: bindingsDeclaration(),
    store: unstoredStore<any>(),
    virtualCreate: (obj: ApiObject, ctx: { user: UserInfo; namespace: string; dryRun: boolean }) =>
      runAction({ ...podsBinding, admission }, obj.metadata.name ?? '', ctx.namespace, obj, { dryRun: ctx.dryRun, user: ctx.user, fieldValidation: 'Ignore' }),
  };
  const coreKinds = coreResources(storage);
  // Answered from the stores' health checks on each request, never stored.
  const computed = { declaration: componentStatusesDeclaration(), store: unstoredStore<any>(), virtualRead: componentStatuses(storage.backends) };
  // Pods' log, exec, attach, portforward and proxy, nodes' and services' proxy pass requests on (--nodeagent-*).
  const resources = withNodeAgentConnectors(
    [...events, ...core, bindings, computed, coreKinds.namespaces, coreKinds.configMaps, coreKinds.leases].map((resource) => ({ ...resource, admission })),
    options.nodeAgent,
    authorizer,
    clusterDialer,
  );
  const access = buildAccessControl({ storeFor: storage.storeFor, storeName: storage.backendName, admission });
  // 503 answers name the backend each resource is stored on, which --kvstore-servers-overrides may move.
  const accessResources = access.resources.map((resource) => ({ ...resource, storeName: storage.storeNameFor(resource.declaration.storageResource) }));
  return { resources: [...resources, ...accessResources], openapi: () => withClusterKindSchemas(eventsOpenApiSchemas()), core: coreKinds, access };
}
