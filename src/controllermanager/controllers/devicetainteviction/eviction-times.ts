// When pods using tainted devices must go, as Kubernetes 1.35's device taint eviction decides it.
// A device's NoExecute taints come from the newest generation of its pool's ResourceSlices and
// from every DeviceTaintRule with effect NoExecute whose selector (driver, pool, device; none
// picks nothing) matches it. An allocated claim is evicted at the earliest, over its devices'
// taints, of the taint's timeAdded plus the shortest tolerationSeconds among the device's NoExecute
// tolerations that tolerate it (none: at once; one without seconds: never for that taint). A pod
// scheduled to a node goes at the earliest time of the allocated claims it uses and is reserved
// in; the reasons (rules, slice taints) are kept to count the pods a rule evicts.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Taint } from '../../../api/core/v1/node-types.ts';
import type { Toleration } from '../../../api/core/v1/pod-types.ts';
import type { Device, DeviceRequestAllocationResult, DeviceTaint, ResourceClaim, ResourceSlice } from '../../../api/resource/v1/types.ts';
import type { DeviceTaintRule } from '../../../api/resource/v1alpha3/types.ts';
import { toleratesTaint } from '../../../machinery/scheduling/taints.ts';
import { claimNameFor, isControlledBy, isReservedForPod } from '../resourceclaim/claim-names.ts';

export interface Eviction {
  /** Milliseconds since the epoch. */
  when: number;
  /** Rule names, and `slice:<driver>/<pool>/<device>#<index>` for slice taints; sorted, rules first. */
  reasons: string[];
  /** The rules among the reasons, by name. */
  rules: string[];
}

export interface TaintState {
  slices: readonly ResourceSlice[];
  rules: readonly DeviceTaintRule[];
}

/** The devices of each pool's newest generation, by `driver/pool/device`. */
export function currentDevices(slices: readonly ResourceSlice[]): Map<string, Device> {
  const newest = new Map<string, number>();
  for (const s of slices) {
    const pool = `${s.spec.driver}/${s.spec.pool.name}`;
    newest.set(pool, Math.max(newest.get(pool) ?? -Infinity, s.spec.pool.generation));
  }
  const devices = new Map<string, Device>();
  for (const s of slices) {
    if (s.spec.pool.generation !== newest.get(`${s.spec.driver}/${s.spec.pool.name}`)) continue;
    for (const d of s.spec.devices ?? []) devices.set(`${s.spec.driver}/${s.spec.pool.name}/${d.name}`, d);
  }
  return devices;
}

export function ruleMatchesDevice(rule: DeviceTaintRule, driver: string, pool: string, device: string): boolean {
  const s = rule.spec?.deviceSelector;
  if (!s) return false;
  return (s.driver === undefined || s.driver === driver) && (s.pool === undefined || s.pool === pool) && (s.device === undefined || s.device === device);
}

interface TrackedTaint {
  reason: string;
  rule?: string;
  taint: DeviceTaint;
}

function evictingTaints(result: DeviceRequestAllocationResult, devices: Map<string, Device>, rules: readonly DeviceTaintRule[]): TrackedTaint[] {
  const out: TrackedTaint[] = [];
  const device = devices.get(`${result.driver}/${result.pool}/${result.device}`);
  (device?.taints ?? []).forEach((taint, i) => {
    if (taint.effect === 'NoExecute') out.push({ reason: `slice:${result.driver}/${result.pool}/${result.device}#${i}`, taint });
  });
  for (const rule of rules) {
    if (rule.spec?.taint?.effect !== 'NoExecute' || !ruleMatchesDevice(rule, result.driver, result.pool, result.device)) continue;
    out.push({ reason: rule.metadata.name ?? '', rule: rule.metadata.name ?? '', taint: rule.spec.taint });
  }
  return out;
}

const sortReasons = (reasons: Iterable<string>) => [...new Set(reasons)].sort((a, b) => Number(a.startsWith('slice:')) - Number(b.startsWith('slice:')) || a.localeCompare(b));

/** The eviction of an allocated claim, or undefined when none of its taints evicts it. */
export function claimEviction(claim: ResourceClaim, devices: Map<string, Device>, rules: readonly DeviceTaintRule[], now: number): Eviction | undefined {
  let when: number | undefined;
  const reasons: string[] = [];
  const ruleNames: string[] = [];
  for (const result of claim.status?.allocation?.devices?.results ?? []) {
    taints: for (const tracked of evictingTaints(result, devices, rules)) {
      const added = tracked.taint.timeAdded ? Date.parse(tracked.taint.timeAdded) : now;
      let seconds = Infinity;
      let tolerated = false;
      for (const t of result.tolerations ?? []) {
        if (t.effect !== 'NoExecute' || !toleratesTaint(t as Toleration, tracked.taint as Taint)) continue;
        if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue taints;
        seconds = Math.min(seconds, Math.max(0, t.tolerationSeconds));
        tolerated = true;
      }
      const at = tolerated ? added + seconds * 1000 : added;
      reasons.push(tracked.reason);
      if (tracked.rule) ruleNames.push(tracked.rule);
      when = when === undefined ? at : Math.min(when, at);
    }
  }
  if (when === undefined) return undefined;
  return { when, reasons: sortReasons(reasons), rules: [...new Set(ruleNames)].sort() };
}

/** The claims of the pod it may use: allocated, its own when made from a template, reserved for it. */
export function podClaims(pod: Pod, claim: (key: string) => ResourceClaim | undefined): ResourceClaim[] {
  const out: ResourceClaim[] = [];
  for (const pc of pod.spec?.resourceClaims ?? []) {
    const name = claimNameFor(pod, pc);
    if (name.kind !== 'name') continue;
    const c = claim(`${pod.metadata.namespace}/${name.name}`);
    if (!c?.status?.allocation) continue;
    if (name.checkOwner && !isControlledBy(c, pod)) continue;
    if (!isReservedForPod(pod, c)) continue;
    out.push(c);
  }
  return out;
}

/** When the pod must go, or undefined: not scheduled, or no evicting taint on its devices. */
export function podEviction(pod: Pod, claimEvictions: (claim: ResourceClaim) => Eviction | undefined, claim: (key: string) => ResourceClaim | undefined): Eviction | undefined {
  if (!pod.spec?.nodeName) return undefined;
  let out: Eviction | undefined;
  for (const c of podClaims(pod, claim)) {
    const e = claimEvictions(c);
    if (!e) continue;
    out = out ? { when: Math.min(out.when, e.when), reasons: sortReasons([...out.reasons, ...e.reasons]), rules: [...new Set([...out.rules, ...e.rules])].sort() } : e;
  }
  return out;
}
