// One served version of a CustomResourceDefinition as a ResourceDeclaration: the same generic
// store, routes, discovery and OpenAPI as a built-in kind, with what is particular to custom
// resources — a schema from the definition, objects stored in the storage version (conversion
// None: only apiVersion differs), printer columns, selectable fields, and the status and scale
// subresources when the version declares them.
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../../api/apiextensions/v1/types.ts';
import { kindSchema } from '../../machinery/openapi/kind-schemas.ts';
import { META_V1 } from '../../machinery/openapi/names.ts';
import { customResourceSchema } from '../../machinery/schema/from-jsonschemaprops.ts';
import { objectMetaFieldSet } from '../../machinery/selectors/fields.ts';
import { cloneJson } from '../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration, type SubresourceDeclaration } from '../registry/resource.ts';
import { scaleView } from '../registry/scale/scale-view.ts';
import { customResourceTable } from './custom-resource-table.ts';
import { customResourceStrategy, customResourceStatusStrategy, type CustomResourceValidator } from './custom-resource-strategy.ts';
import { selectableFieldSet } from './selectable-fields.ts';
import { replicasAt, setReplicasAt, stringAt } from './value-paths.ts';
import { customResourceDefinitionName } from './custom-resource-openapi.ts';
import type { CustomResource } from './custom-resource.ts';

/** The version objects of `crd` are stored in. */
export function storageVersionOf(crd: CustomResourceDefinition): string {
  return crd.spec.versions.find((v) => v.storage)?.name ?? crd.spec.versions[0]!.name;
}

/** Whether versions of `crd` are converted by its webhook (else only apiVersion changes). */
export function byWebhook(crd: CustomResourceDefinition): boolean {
  return crd.spec.conversion?.strategy === 'Webhook';
}

/** The declaration serving `version` of `crd`; `validator` checks objects against the version's schema and rules. */
export function customResourceDeclaration(crd: CustomResourceDefinition, version: CustomResourceDefinitionVersion, validator: CustomResourceValidator): ResourceDeclaration<CustomResource, CustomResource> {
  const { group, names } = crd.spec;
  // What the naming controller accepted is served; the spec's names may still be in conflict.
  const accepted = crd.status?.acceptedNames ?? names;
  const namespaced = crd.spec.scope === 'Namespaced';
  const statusEnabled = !!version.subresources?.status;
  const storageApiVersion = `${group}/${storageVersionOf(crd)}`;
  const selectable = (version.selectableFields ?? []).map((f) => f.jsonPath);
  const subresources: Record<string, SubresourceDeclaration<CustomResource>> = {};
  if (statusEnabled) subresources['status'] = { verbs: ['get', 'patch', 'update'], strategy: customResourceStatusStrategy(validator) };
  const scale = version.subresources?.scale;
  if (scale) {
    subresources['scale'] = {
      verbs: ['get', 'patch', 'update'],
      strategy: customResourceStrategy(validator, statusEnabled),
      view: scaleView<CustomResource>({
        specReplicas: (cr) => replicasAt(cr, scale.specReplicasPath),
        statusReplicas: (cr) => replicasAt(cr, scale.statusReplicasPath),
        selector: (cr) => (scale.labelSelectorPath ? stringAt(cr, scale.labelSelectorPath) : ''),
        withReplicas: (cr, replicas) => setReplicasAt(cr, scale.specReplicasPath, replicas),
      }),
    };
  }
  const schema = customResourceSchema(version.schema?.openAPIV3Schema, kindSchema(`${META_V1}.ObjectMeta`));
  return {
    group,
    version: version.name,
    kind: accepted.kind,
    listKind: accepted.listKind ?? `${accepted.kind}List`,
    plural: accepted.plural,
    singular: accepted.singular || accepted.kind.toLowerCase(),
    shortNames: accepted.shortNames ?? [],
    categories: accepted.categories ?? [],
    namespaced,
    storageResource: { group, resource: crd.spec.names.plural },
    storageVersion: { group, version: storageVersionOf(crd), kind: crd.spec.names.kind },
    strategy: customResourceStrategy(validator, statusEnabled),
    schema,
    customResource: true,
    // A webhook converts in the version's store view (conversion/converting-store.ts); without one
    // versions differ only in apiVersion.
    toStored: byWebhook(crd) ? (cr) => cr : (cr) => (cr.apiVersion === storageApiVersion ? cr : { ...cr, apiVersion: storageApiVersion }),
    fromStored: (cr) => cloneJson(cr),
    // The served form differs only in apiVersion, which the caller sets on this copy.
    fromStoredForReading: (cr) => ({ ...cr }),
    fieldSet: (cr) => ({ ...objectMetaFieldSet(cr.metadata, namespaced), ...selectableFieldSet(cr, selectable) }),
    allowedFieldSelectors: [...(namespaced ? ['metadata.name', 'metadata.namespace'] : ['metadata.name']), ...selectable.map((p) => p.slice(1))],
    table: customResourceTable(version.additionalPrinterColumns),
    verbs: ALL_VERBS,
    openapiDefinition: customResourceDefinitionName(group, version.name, accepted.kind),
    ...(version.deprecated ? { deprecationWarning: version.deprecationWarning ?? `${group}/${version.name} ${accepted.kind} is deprecated` } : {}),
    ...(Object.keys(subresources).length ? { subresources } : {}),
  };
}
