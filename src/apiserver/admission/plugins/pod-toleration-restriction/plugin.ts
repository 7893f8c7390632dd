// PodTolerationRestriction: a namespace sets the tolerations its new pods get
// (scheduler.alpha.orch.io/defaultTolerations) and the only ones its pods may carry
// (scheduler.alpha.orch.io/tolerationsWhitelist), both JSON lists of tolerations; the
// configuration file gives the cluster's defaults for namespaces that set neither. Pods that ask
// for cpu or memory also tolerate memory pressure. A pod whose tolerations, after the merge, fall
// outside the whitelist is refused.
import type { Toleration } from '../../../../api/core/v1/pod-types.ts';
import { TAINT_NODE_MEMORY_PRESSURE } from '../../../../api/core/v1/well-known-taints.ts';
import { notFound } from '../../../../machinery/status.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import { podOf } from '../core-v1/targets.ts';
import { lookUpNamespace } from '../core-v1/namespace-lookup.ts';
import { mergeTolerations, verifyAgainstWhitelist } from '../core-v1/tolerations.ts';
import { isBestEffort } from '../../../../machinery/quota/qos.ts';
import { unconvertedError } from '../core-v1/unconverted-error.ts';
import { parsePodTolerationRestrictionConfig } from './config.ts';

export const NS_DEFAULT_TOLERATIONS = 'scheduler.alpha.orch.io/defaultTolerations';
export const NS_TOLERATIONS_WHITELIST = 'scheduler.alpha.orch.io/tolerationsWhitelist';

const MEMORY_PRESSURE: Toleration = { key: TAINT_NODE_MEMORY_PRESSURE, operator: 'Exists', effect: 'NoSchedule' };

export function podTolerationRestriction(namespaces: NamespaceAccess, rawConfig: unknown): AdmissionPlugin {
  const config = parsePodTolerationRestrictionConfig(rawConfig);
  /** The namespace's list under `key`: undefined when the annotation is absent, [] when it is empty. */
  const fromNamespace = async (attrs: AdmissionAttributes, key: string): Promise<Toleration[] | undefined> => {
    const ns = await lookUpNamespace(namespaces, attrs.namespace);
    if (!ns) throw notFound({ group: '', resource: 'namespaces' }, attrs.namespace);
    const value = ns.metadata.annotations?.[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      throw unconvertedError((err as Error).message);
    }
    if (parsed === null) return [];
    if (!Array.isArray(parsed)) throw unconvertedError(`json: cannot unmarshal ${typeof parsed} into Go value of type []v1.Toleration`);
    return parsed as Toleration[];
  };
  return {
    name: 'PodTolerationRestriction',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async admit(attrs) {
      const pod = podOf(attrs);
      if (!pod) return;
      const extra: Toleration[] = [];
      if (attrs.operation === 'CREATE') extra.push(...((await fromNamespace(attrs, NS_DEFAULT_TOLERATIONS)) ?? config.default));
      if (!isBestEffort(pod)) extra.push(MEMORY_PRESSURE);
      if (extra.length) pod.spec!.tolerations = mergeTolerations(pod.spec!.tolerations ?? [], extra);
    },
    async validate(attrs) {
      const pod = podOf(attrs);
      const tolerations = pod?.spec?.tolerations ?? [];
      if (!tolerations.length) return;
      const own = await fromNamespace(attrs, NS_TOLERATIONS_WHITELIST);
      const [whitelist, scope] = own ? [own, 'namespace'] : [config.whitelist, 'cluster'];
      if (!verifyAgainstWhitelist(tolerations, whitelist)) {
        throw unconvertedError(`pod tolerations (possibly merged with namespace default tolerations) conflict with its ${scope} whitelist`);
      }
    },
  };
}
