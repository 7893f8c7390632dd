// Quota of pods at admission: counted as machinery/quota counts them, checked on create, on a
// resize, and on updates that move a pod between the Terminating and NotTerminating scopes. A
// quota on cpu or memory requires every container to declare it, unless the pod sets pod-level
// resources.
import type { Pod } from '../../../../../api/core/v1/pod-types.ts';
import { computeUsage, podMeasure } from '../../../../../machinery/quota/pods.ts';
import { isTerminating } from '../../../../../machinery/quota/pod-scopes.ts';
import type { QuotaEvaluator } from './evaluator.ts';

/** Kubernetes regrets this rule and keeps it: quotas on these make every container declare them. */
const VALIDATION_SET = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

function podConstraints(required: readonly string[], pod: Pod): string | undefined {
  const levels = pod.spec?.resources;
  if (levels && Object.keys({ ...levels.requests, ...levels.limits }).some((n) => n === 'cpu' || n === 'memory' || n.startsWith('hugepages-'))) return undefined;
  const needed = required.filter((n) => VALIDATION_SET.has(n));
  const missing = new Map<string, Set<string>>();
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const has = computeUsage(c.resources?.requests ?? {}, c.resources?.limits ?? {});
    for (const name of needed) if (has[name] === undefined) (missing.get(name) ?? missing.set(name, new Set()).get(name)!).add(c.name);
  }
  if (!missing.size) return undefined;
  const parts = [...missing.keys()].sort().map((name) => `${name} for: ${[...missing.get(name)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

export function podEvaluator(now: () => number = Date.now): QuotaEvaluator {
  return {
    ...podMeasure(now),
    handles(attrs) {
      if (attrs.subresource === 'resize') return attrs.operation === 'UPDATE';
      if (attrs.subresource !== '') return false;
      if (attrs.operation === 'UPDATE' && attrs.oldObject && attrs.object) {
        // A pod moves between the Terminating and NotTerminating scopes.
        return isTerminating(attrs.oldObject as Pod) !== isTerminating(attrs.object as Pod);
      }
      return attrs.operation === 'CREATE';
    },
    uncoveredScopes: (limited, matched) => limited.filter((l) => !matched.some((m) => m.scopeName === l.scopeName)),
    constraints: (required, obj) => podConstraints(required, obj as Pod),
  };
}
