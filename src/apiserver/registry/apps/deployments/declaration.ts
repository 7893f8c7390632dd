// apps/v1 Deployment: namespaced, short name deploy, in category all, with /status and the
// autoscaling/v1 scale view (kubectl scale). Selected by metadata only. apps/v1 has no rollback
// subresource: kubectl rolls back by writing an old replica set's template.
import type { Deployment } from '../../../../api/apps/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { labelSelectorString, scaleView, type Scalable } from '../../scale/scale-view.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { defaultDeployment, deploymentStatusStrategy, deploymentStrategy } from './strategy.ts';
import { deploymentTable } from './table.ts';

const deploymentScale: Scalable<Deployment> = {
  specReplicas: (d) => d.spec?.replicas ?? 0,
  statusReplicas: (d) => d.status?.replicas ?? 0,
  selector: (d) => labelSelectorString(d.spec?.selector),
  withReplicas: (d, replicas) => ({ ...d, spec: { ...d.spec, replicas } }),
};

export function deploymentsDeclaration() {
  return {
    ...servedAsStoredNames('apps', 'v1', 'Deployment', 'deployments'),
    singular: 'deployment',
    shortNames: ['deploy'],
    categories: ['all'],
    namespaced: true,
    strategy: deploymentStrategy,
    schema: kindSchema('io.orch.api.apps.v1.Deployment'),
    decode: (raw) => defaultDeployment(raw as Deployment),
    toStored: (d: Deployment) => d,
    fromStored: (d: Deployment) => cloneJson(d),
    fieldSet: (d: Deployment) => objectMetaFieldSet(d.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: deploymentTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.apps.v1.Deployment',
    protobuf: true,
    subresources: {
      scale: { verbs: ['get', 'patch', 'update'], strategy: deploymentStrategy, view: scaleView(deploymentScale) },
      status: { verbs: ['get', 'patch', 'update'], strategy: deploymentStatusStrategy },
    },
  } satisfies ResourceDeclaration<Deployment, Deployment>;
}
