// What a Pod Security check is: an id, the level it belongs to, and one function per policy
// version it changed in; and the small wording helpers the checks share so that their messages
// read exactly as Kubernetes' do (`containers "a", "b" must ...`).
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { NumberedVersion } from './policy-labels.ts';

/** Why a check refused a pod: a short reason, and details naming what set the bad values. */
export interface CheckResult {
  allowed: boolean;
  forbiddenReason?: string;
  forbiddenDetail?: string;
}

export type CheckPod = (meta: ObjectMeta, spec: PodSpec) => CheckResult;

export interface VersionedCheck {
  /** The first policy version this function applies to (never latest). */
  minimumVersion: NumberedVersion;
  checkPod: CheckPod;
  /** Baseline checks this restricted one replaces at this version. */
  overrides?: readonly string[];
}

export interface Check {
  id: string;
  level: 'baseline' | 'restricted';
  /** In strictly increasing minimum versions. */
  versions: readonly VersionedCheck[];
}

export const ALLOWED: CheckResult = Object.freeze({ allowed: true });

export function forbid(reason: string, detail: string): CheckResult {
  return { allowed: false, forbiddenReason: reason, forbiddenDetail: detail };
}

export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** `"a", "b"` */
export function joinQuote(items: readonly string[]): string {
  return items.length ? `"${items.join('", "')}"` : '';
}

/** `container "a"` or `containers "a", "b"`. */
export function containersPhrase(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}

/** Distinct values in ascending (byte) order, as Go's sets list them. */
export function sortedSet(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(byteOrder);
}

export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Init containers, then containers, then ephemeral containers. */
export function visitContainers(spec: PodSpec, visit: (c: Container) => void): void {
  for (const c of spec.initContainers ?? []) visit(c);
  for (const c of spec.containers ?? []) visit(c);
  for (const c of spec.ephemeralContainers ?? []) visit(c);
}

/** A pod that explicitly runs on Windows (spec.os.name), which some restricted checks exempt from 1.25. */
export function isWindowsPod(spec: PodSpec): boolean {
  return spec.os?.name === 'windows';
}

/** A pod in a user namespace (hostUsers: false), which some checks relax from 1.35. */
export function inUserNamespace(spec: PodSpec): boolean {
  return spec.hostUsers === false;
}
