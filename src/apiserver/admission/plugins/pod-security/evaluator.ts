// Runs the checks of a level at a policy version. Built once: for every minor version up to the
// newest one any check names, the functions in force then (a check's latest revision not newer
// than the version), baseline ones first and each group in id order, restricted levels leaving
// out the baseline checks a restricted one overrides. Versions past the newest, and latest, use
// the newest set; privileged runs nothing.
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import { byteOrder, type Check, type CheckPod, type CheckResult, type VersionedCheck } from './check.ts';
import type { LevelVersion } from './policy-labels.ts';
import { BASELINE_CHECKS } from './checks-baseline.ts';
import { HOST_CHECKS } from './checks-host.ts';
import { RESTRICTED_CHECKS } from './checks-restricted.ts';

export const DEFAULT_CHECKS: readonly Check[] = [...HOST_CHECKS, ...BASELINE_CHECKS, ...RESTRICTED_CHECKS];

export interface Evaluator {
  evaluatePod(lv: LevelVersion, meta: ObjectMeta, spec: PodSpec): CheckResult[];
  /** The newest policy version any check names (what latest means). */
  readonly maxMinor: number;
}

/** The revision of a check in force at a minor version, if any. */
function revisionAt(check: Check, minor: number): VersionedCheck | undefined {
  let found: VersionedCheck | undefined;
  for (const v of check.versions) if (v.minimumVersion.minor <= minor) found = v;
  return found;
}

function validate(checks: readonly Check[]): void {
  const ids = new Set<string>();
  for (const c of checks) {
    if (ids.has(c.id)) throw new Error(`multiple checks registered for ID ${c.id}`);
    ids.add(c.id);
    if (!c.versions.length) throw new Error(`check ${c.id}: empty`);
    c.versions.forEach((v, i) => {
      if (i > 0 && v.minimumVersion.minor <= c.versions[i - 1]!.minimumVersion.minor) throw new Error(`check ${c.id}: versions must be strictly increasing`);
      if (v.overrides?.length && c.level !== 'restricted') throw new Error(`check ${c.id}: only restricted checks may set overrides`);
    });
  }
}

/** `emulatedMinor` caps the newest version, as an emulated older server would. */
export function newEvaluator(checks: readonly Check[] = DEFAULT_CHECKS, emulatedMinor?: number): Evaluator {
  validate(checks);
  let maxMinor = Math.max(...checks.map((c) => c.versions[c.versions.length - 1]!.minimumVersion.minor));
  if (emulatedMinor !== undefined && emulatedMinor < maxMinor) maxMinor = emulatedMinor;
  const ordered = [...checks.filter((c) => c.level === 'baseline').sort((a, b) => byteOrder(a.id, b.id)), ...checks.filter((c) => c.level === 'restricted').sort((a, b) => byteOrder(a.id, b.id))];
  const baseline: CheckPod[][] = [];
  const restricted: CheckPod[][] = [];
  for (let minor = 0; minor <= maxMinor; minor++) {
    const inForce = ordered.map((c) => ({ check: c, rev: revisionAt(c, minor) })).filter((e): e is { check: Check; rev: VersionedCheck } => !!e.rev);
    const overridden = new Set(inForce.filter((e) => e.check.level === 'restricted').flatMap((e) => e.rev.overrides ?? []));
    baseline[minor] = inForce.filter((e) => e.check.level === 'baseline').map((e) => e.rev.checkPod);
    restricted[minor] = inForce.filter((e) => e.check.level === 'restricted' || !overridden.has(e.check.id)).map((e) => e.rev.checkPod);
  }
  return {
    maxMinor,
    evaluatePod(lv, meta, spec) {
      if (lv.level === 'privileged') return [];
      const minor = lv.version.latest ? maxMinor : Math.min(lv.version.minor, maxMinor);
      const fns = (lv.level === 'baseline' ? baseline : restricted)[minor]!;
      return fns.map((fn) => fn(meta, spec));
    },
  };
}

/** The results of one evaluation, as Kubernetes joins them into a message. */
export interface AggregateResult {
  allowed: boolean;
  reasons: string[];
  details: string[];
}

export function aggregate(results: readonly CheckResult[]): AggregateResult {
  const reasons: string[] = [];
  const details: string[] = [];
  for (const r of results) {
    if (r.allowed) continue;
    reasons.push(r.forbiddenReason || 'unknown forbidden reason');
    details.push(r.forbiddenDetail ?? '');
  }
  return { allowed: reasons.length === 0, reasons, details };
}

/** `host ports, privileged` */
export function forbiddenReasons(r: AggregateResult): string {
  return r.reasons.join(', ');
}

/** `host ports (8080), privileged (container "a" must not ...)` */
export function forbiddenDetail(r: AggregateResult): string {
  return r.reasons.map((reason, i) => (r.details[i] ? `${reason} (${r.details[i]})` : reason)).join(', ');
}
