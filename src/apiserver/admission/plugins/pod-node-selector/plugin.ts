// PodNodeSelector: a namespace may pin its pods to some nodes. The node selector in the
// namespace's annotation (or the configured cluster default) is merged into each new pod's, a pod
// whose own selector contradicts it is refused, and the pod's final selector must stay within the
// namespace's whitelist from the configuration file.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { forbidden, internalError } from '../../../../machinery/status.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import type { NamespaceAccess, NamespaceObject } from '../../namespace-access.ts';
import { podOf } from '../core-v1/targets.ts';
import { lookUpNamespace } from '../core-v1/namespace-lookup.ts';
import { labelsConflict, mergeLabels, parseLabelMap, LabelMapError, type LabelMap } from '../core-v1/label-maps.ts';
import { unconvertedError } from '../core-v1/unconverted-error.ts';
import { CLUSTER_DEFAULT_KEY, readPodNodeSelectorConfig } from './config.ts';

/** The namespace annotations that carry a node selector for its pods. */
export const NAMESPACE_NODE_SELECTOR_ANNOTATIONS: readonly string[] = ['scheduler.alpha.orch.io/node-selector'];

const PODS = { group: '', resource: 'pods' };

/** Kubernetes returns these as plain errors: answered with a 500 carrying the text. */
function parsed(text: string | undefined): LabelMap {
  try {
    return parseLabelMap(text);
  } catch (err) {
    if (err instanceof LabelMapError) throw unconvertedError(err.message);
    throw err;
  }
}

function namespaceSelector(ns: NamespaceObject, config: Record<string, string>): LabelMap {
  let selector: LabelMap = {};
  let found = false;
  for (const key of NAMESPACE_NODE_SELECTOR_ANNOTATIONS) {
    const value = ns.metadata.annotations?.[key];
    if (value === undefined) continue;
    const labels = parsed(value);
    if (labelsConflict(selector, labels)) throw unconvertedError(`${ns.metadata.name} annotations' node label selectors conflict`);
    selector = mergeLabels(selector, labels);
    found = true;
  }
  return found ? selector : parsed(config[CLUSTER_DEFAULT_KEY]);
}

/** Every label of `sub` is in `sup` with the same value; an empty `sup` allows anything. */
function isSubset(sub: LabelMap, sup: LabelMap): boolean {
  if (!Object.keys(sup).length) return true;
  return Object.entries(sub).every(([k, v]) => Object.hasOwn(sup, k) && sup[k] === v);
}

export function podNodeSelector(namespaces: NamespaceAccess, rawConfig: unknown): AdmissionPlugin {
  const config = readPodNodeSelectorConfig(rawConfig);
  const selectorOf = async (attrs: AdmissionAttributes): Promise<LabelMap> => {
    const ns = await lookUpNamespace(namespaces, attrs.namespace);
    if (!ns) throw internalError(`namespace ${attrs.namespace} does not exist`);
    return namespaceSelector(ns, config);
  };
  const refuseConflict = (pod: Pod, selector: LabelMap) => {
    if (labelsConflict(selector, pod.spec?.nodeSelector ?? {})) {
      throw forbidden(PODS, pod.metadata.name ?? '', 'pod node label selector conflicts with its namespace node label selector');
    }
  };
  return {
    name: 'PodNodeSelector',
    handles: (op) => op === 'CREATE',
    async admit(attrs) {
      const pod = podOf(attrs);
      if (!pod) return;
      const selector = await selectorOf(attrs);
      refuseConflict(pod, selector);
      pod.spec!.nodeSelector = mergeLabels(selector, pod.spec!.nodeSelector);
      // An empty selector is dropped, as Go's omitempty writes it.
      if (!Object.keys(pod.spec!.nodeSelector).length) delete pod.spec!.nodeSelector;
    },
    async validate(attrs) {
      const pod = podOf(attrs);
      if (!pod) return;
      refuseConflict(pod, await selectorOf(attrs));
      const whitelist = parsed(config[attrs.namespace]);
      if (!isSubset(pod.spec?.nodeSelector ?? {}, whitelist)) {
        throw forbidden(PODS, pod.metadata.name ?? '', 'pod node label selector labels conflict with its namespace whitelist');
      }
    },
  };
}
