// A binding's parameters: the objects its paramRef names, of the policy's paramKind. Config maps
// are the parameter kind this server serves.
import type { ParamKind, ParamRef } from '../../../../api/admissionregistration/v1/types.ts';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { labelSelectorMatches as selectorMatches } from '../../../../machinery/selectors/label-selector.ts';

export interface ParamSource {
  /** Config maps of a namespace ("" for every namespace). */
  configMaps(namespace: string): Promise<readonly ApiObject[]>;
}

export class ParamError extends Error {}

/** The parameter objects; an empty list when none exist. */
export async function resolveParams(kind: ParamKind, ref: ParamRef, attrs: AdmissionAttributes, source: ParamSource): Promise<ApiObject[]> {
  if (kind.apiVersion !== 'v1' || kind.kind !== 'ConfigMap') {
    throw new ParamError(`failed to find resource referenced by paramKind: '${kind.apiVersion ?? ''}, Kind=${kind.kind ?? ''}'`);
  }
  // A namespaced parameter without a namespace is looked up in the request's namespace.
  const namespace = ref.namespace || attrs.namespace;
  if (!namespace) throw new ParamError('cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
  const all = await source.configMaps(namespace);
  if (ref.name) return all.filter((o) => o.metadata.name === ref.name);
  return all.filter((o) => selectorMatches(ref.selector, o.metadata.labels as Record<string, string> | undefined));
}
