// ValidatingWebhookConfiguration and MutatingWebhookConfiguration (admissionregistration.orch.io/v1).
import type { MutatingWebhookConfiguration, ValidatingWebhookConfiguration } from '../../../../api/admissionregistration/v1/types.ts';
import type { ResourceDeclaration } from '../../resource.ts';
import { clusterKindDeclaration } from '../cluster-kind.ts';
import { defaultMutatingWebhook, defaultWebhook } from './defaults.ts';
import { webhookConfigurationValidation } from './validation.ts';

const WEBHOOKS_COLUMN = [{ name: 'Webhooks', type: 'integer', format: '', priority: 0, description: 'Webhooks indicates the number of webhooks in the configuration.' }];

export function validatingWebhookConfigurationsDeclaration(): ResourceDeclaration<ValidatingWebhookConfiguration, ValidatingWebhookConfiguration> {
  return clusterKindDeclaration<ValidatingWebhookConfiguration>({
    version: 'v1',
    kind: 'ValidatingWebhookConfiguration',
    plural: 'validatingwebhookconfigurations',
    singular: 'validatingwebhookconfiguration',
    defaults: (obj) => (obj.webhooks ?? []).forEach(defaultWebhook),
    ...webhookConfigurationValidation(false),
    columns: WEBHOOKS_COLUMN,
    cells: (obj) => [obj.webhooks?.length ?? 0],
  });
}

export function mutatingWebhookConfigurationsDeclaration(): ResourceDeclaration<MutatingWebhookConfiguration, MutatingWebhookConfiguration> {
  return clusterKindDeclaration<MutatingWebhookConfiguration>({
    version: 'v1',
    kind: 'MutatingWebhookConfiguration',
    plural: 'mutatingwebhookconfigurations',
    singular: 'mutatingwebhookconfiguration',
    defaults: (obj) => (obj.webhooks ?? []).forEach(defaultMutatingWebhook),
    ...webhookConfigurationValidation(true),
    columns: WEBHOOKS_COLUMN,
    cells: (obj) => [obj.webhooks?.length ?? 0],
  });
}
