// The admissionregistration.orch.io resources over their stores, and the in-memory views of
// them that the webhook and policy admission plugins read.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import type { GroupResourceName } from '../../../storage/keys.ts';
import type {
  MutatingWebhookConfiguration,
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
  ValidatingWebhookConfiguration,
} from '../../../api/admissionregistration/v1/types.ts';
import type { MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding } from '../../../api/admissionregistration/v1beta1/types.ts';
import type { ConfigMap } from '../../../api/core/v1/configmap-types.ts';
import type { ParamSource } from '../../admission/plugins/validating-policy/params.ts';
import { served } from '../generic/context.ts';
import { validatingAdmissionPoliciesDeclaration, validatingAdmissionPolicyBindingsDeclaration } from './policies/declarations.ts';
import type { Admission } from '../../admission/types.ts';
import type { InstalledResource } from '../generic/context.ts';
import { collectionPrefix } from '../generic/keys.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { mutatingWebhookConfigurationsDeclaration, validatingWebhookConfigurationsDeclaration } from './webhooks/declarations.ts';
import { watchStoreView, type StoreView } from './store-view.ts';
import { mutatingAdmissionPoliciesDeclaration, mutatingAdmissionPolicyBindingsDeclaration } from './mutating-policies/declarations.ts';

export interface AdmissionRegistrationOptions {
  storeFor: (gr: GroupResourceName) => Store<ApiObject>;
  storeName?: string;
  admission?: Admission;
  featureGates?: { enabled(name: string): boolean };
  /** Config maps, the parameters policies may take. */
  configMaps?: InstalledResource<ConfigMap, ConfigMap>;
}

export interface AdmissionRegistration {
  resources: InstalledResource<any, any>[];
  validatingWebhooks: StoreView<ValidatingWebhookConfiguration>;
  mutatingWebhooks: StoreView<MutatingWebhookConfiguration>;
  validatingPolicies: StoreView<ValidatingAdmissionPolicy>;
  validatingPolicyBindings: StoreView<ValidatingAdmissionPolicyBinding>;
  /** Served only with the MutatingAdmissionPolicy feature gate. */
  mutatingPolicies?: StoreView<MutatingAdmissionPolicy>;
  mutatingPolicyBindings?: StoreView<MutatingAdmissionPolicyBinding>;
  params: ParamSource;
  /** Stops watching the stores (before storage closes). */
  stop(): void;
}

export function buildAdmissionRegistration(opts: AdmissionRegistrationOptions): AdmissionRegistration {
  const views: StoreView<any>[] = [];
  const resources: InstalledResource<any, any>[] = [];
  const install = <T extends ApiObject>(declaration: ResourceDeclaration<T, T>): StoreView<T> => {
    const store = opts.storeFor(declaration.storageResource) as unknown as Store<T>;
    resources.push({ declaration, store, storeName: opts.storeName, admission: opts.admission });
    const view = watchStoreView<T>(store, collectionPrefix(declaration, ''), declaration.kind);
    views.push(view);
    return view;
  };
  // v1 kinds first: discovery prefers the group's first version.
  const v1 = {
    validatingWebhooks: install(validatingWebhookConfigurationsDeclaration()),
    mutatingWebhooks: install(mutatingWebhookConfigurationsDeclaration()),
    validatingPolicies: install(validatingAdmissionPoliciesDeclaration()),
    validatingPolicyBindings: install(validatingAdmissionPolicyBindingsDeclaration()),
  };
  const mutatingPolicies = opts.featureGates?.enabled('MutatingAdmissionPolicy')
    ? { mutatingPolicies: install(mutatingAdmissionPoliciesDeclaration()), mutatingPolicyBindings: install(mutatingAdmissionPolicyBindingsDeclaration()) }
    : {};
  return {
    ...v1,
    ...mutatingPolicies,
    params: configMapParams(opts.configMaps),
    resources,
    stop: () => views.forEach((v) => v.stop()),
  };
}

function configMapParams(configMaps: InstalledResource<ConfigMap, ConfigMap> | undefined): ParamSource {
  return {
    async configMaps(namespace) {
      if (!configMaps) return [];
      const list = await configMaps.store.list(collectionPrefix(configMaps.declaration, namespace), { recursive: true });
      return list.items.map((o) => served(configMaps.declaration, o));
    },
  };
}
