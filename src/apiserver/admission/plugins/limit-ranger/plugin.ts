// LimitRanger: the LimitRanges of a namespace give its pods' containers default requests and
// limits, and bound what containers, whole pods and persistent volume claims may ask for. A pod's
// containers cannot change after creation, so pods are checked on create only; claims also on
// update. Objects being deleted are left alone.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { LimitRange } from '../../../../api/core/v1/policy-types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { aggregateMessage } from '../core-v1/unconverted-error.ts';
import type { LimitRangeReader } from './reader.ts';
import { applyPodDefaults, podViolations } from './pod-limits.ts';
import { claimViolations } from './claim-limits.ts';

/** How long a storage read that found no limit range in a namespace stands in for the cache. */
const LIVE_LOOKUP_TTL_MS = 30_000;
const LIVE_LOOKUP_ENTRIES = 10_000;

export interface LimitRangerDeps {
  ranges: () => LimitRangeReader | undefined;
  now?: () => number;
}

function supports(attrs: AdmissionAttributes): boolean {
  if (attrs.subresource !== '' || attrs.kind.group !== '' || !attrs.object) return false;
  if (attrs.kind.kind === 'Pod') return attrs.operation === 'CREATE';
  return attrs.kind.kind === 'PersistentVolumeClaim';
}

export function limitRanger(deps: LimitRangerDeps): AdmissionPlugin {
  const now = deps.now ?? Date.now;
  // Namespace → ranges read from storage, for a cache that holds none (it may not have caught up).
  const live = new Map<string, { expires: number; items: LimitRange[] }>();

  const rangesFor = async (attrs: AdmissionAttributes): Promise<LimitRange[]> => {
    const reader = deps.ranges();
    if (!reader) throw admissionForbidden(attrs, 'not yet ready to handle request');
    const cached = await reader.list(attrs.namespace, false);
    if (cached.length) return cached;
    const entry = live.get(attrs.namespace);
    if (entry && entry.expires >= now()) return entry.items;
    const items = await reader.list(attrs.namespace, true);
    live.delete(attrs.namespace);
    if (live.size >= LIVE_LOOKUP_ENTRIES) live.delete(live.keys().next().value!);
    live.set(attrs.namespace, { expires: now() + LIVE_LOOKUP_TTL_MS, items });
    return items;
  };

  /** The ranges to apply, or none for requests the plugin leaves alone. */
  const applicable = async (attrs: AdmissionAttributes): Promise<LimitRange[]> => {
    if (!supports(attrs) || attrs.oldObject?.metadata.deletionTimestamp) return [];
    return rangesFor(attrs);
  };

  return {
    name: 'LimitRanger',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async admit(attrs) {
      if (attrs.resource.resource !== 'pods') return;
      for (const range of await applicable(attrs)) applyPodDefaults(range, attrs.object as Pod);
    },
    async validate(attrs) {
      for (const range of await applicable(attrs)) {
        let violations: string[] = [];
        if (attrs.resource.resource === 'pods') violations = podViolations(range, attrs.object as Pod);
        else if (attrs.resource.resource === 'persistentvolumeclaims') violations = claimViolations(range, attrs.object as PersistentVolumeClaim);
        if (violations.length) throw admissionForbidden(attrs, aggregateMessage(violations));
      }
    },
  };
}
