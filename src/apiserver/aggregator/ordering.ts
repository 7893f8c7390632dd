// The order discovery lists groups and versions in, as Kubernetes' aggregator sorts APIServices:
// groups by the highest groupPriorityMinimum among their versions (higher first; equal ones by
// APIService name), the versions of a group by versionPriority (higher first) and then by
// Kubernetes' version order (GA before beta before alpha, higher numbers first, other names last
// in lexical order).

export interface PrioritizedVersion {
  /** The APIService's name, <version>.<group>. */
  name: string;
  group: string;
  version: string;
  groupPriorityMinimum: number;
  versionPriority: number;
}

const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

/** Kubernetes' CompareKubeAwareVersionStrings: positive when `a` comes before `b`. */
export function compareKubeAwareVersions(a: string, b: string): number {
  const ma = KUBE_VERSION.exec(a);
  const mb = KUBE_VERSION.exec(b);
  if (!ma && !mb) return a < b ? 1 : a > b ? -1 : 0;
  if (!ma) return -1;
  if (!mb) return 1;
  const stage = (m: RegExpExecArray) => (m[2] === 'alpha' ? 0 : m[2] === 'beta' ? 1 : 2);
  if (stage(ma) !== stage(mb)) return stage(ma) - stage(mb);
  if (Number(ma[1]) !== Number(mb[1])) return Number(ma[1]) - Number(mb[1]);
  return Number(ma[3] ?? 0) - Number(mb[3] ?? 0);
}

/** Group names in discovery order, each with its versions in order. */
export function sortedGroups(entries: readonly PrioritizedVersion[]): Map<string, string[]> {
  const byGroupPriority = [...entries].sort((a, b) => b.groupPriorityMinimum - a.groupPriorityMinimum || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groups = new Map<string, PrioritizedVersion[]>();
  for (const e of byGroupPriority) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  const out = new Map<string, string[]>();
  for (const [group, versions] of groups) {
    versions.sort((a, b) => b.versionPriority - a.versionPriority || -compareKubeAwareVersions(a.version, b.version));
    out.set(group, [...new Set(versions.map((v) => v.version))]);
  }
  return out;
}
