// The admissionregistration.orch.io resources over their stores, and the in-memory views of
// them that the webhook and policy admission plugins read.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import type { GroupResourceName } from '../../../storage/keys.ts';
import type { MutatingWebhookConfiguration, ValidatingWebhookConfiguration } from '../../../api/admissionregistration/v1/types.ts';
import type { Admission } from '../../admission/types.ts';
import type { InstalledResource } from '../generic/context.ts';
import { collectionPrefix } from '../generic/keys.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { mutatingWebhookConfigurationsDeclaration, validatingWebhookConfigurationsDeclaration } from './webhooks/declarations.ts';
import { watchStoreView, type StoreView } from './store-view.ts';

export interface AdmissionRegistrationOptions {
  storeFor: (gr: GroupResourceName) => Store<ApiObject>;
  storeName?: string;
  admission?: Admission;
  featureGates?: { enabled(name: string): boolean };
}

export interface AdmissionRegistration {
  resources: InstalledResource<any, any>[];
  validatingWebhooks: StoreView<ValidatingWebhookConfiguration>;
  mutatingWebhooks: StoreView<MutatingWebhookConfiguration>;
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
  return {
    validatingWebhooks: install(validatingWebhookConfigurationsDeclaration()),
    mutatingWebhooks: install(mutatingWebhookConfigurationsDeclaration()),
    resources,
    stop: () => views.forEach((v) => v.stop()),
  };
}
