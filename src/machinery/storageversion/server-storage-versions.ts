// What one API server reports for each stored resource, as Kubernetes' storage version manager
// works it out: one entry per storage (versions of a group, and a group's other names, share it),
// named <group>.<resource> with `core` for the core group; the version the server writes in
// (encodingVersion) and the group/versions it reads and serves. Pure, so both the API server's
// updater and the garbage collector share the status arithmetic (commonEncodingVersion and the
// AllEncodingVersionsEqual condition).
import type { ServerStorageVersion, StorageVersion, StorageVersionCondition } from '../../api/apiserverinternal/v1alpha1/types.ts';

export interface ServedDeclaration {
  group: string;
  version: string;
  storageResource: { group: string; resource: string };
  storageVersion: { group: string; version: string };
  aliasOf?: unknown;
}

export interface StorageVersionReport {
  name: string;
  encodingVersion: string;
  decodableVersions: string[];
  servedVersions: string[];
}

const groupVersion = (group: string, version: string) => (group ? `${group}/${version}` : version);

/** The reports of the served declarations (subresources and other group names left out). */
export function storageVersionReports(declarations: readonly ServedDeclaration[]): StorageVersionReport[] {
  const byStorage = new Map<string, StorageVersionReport>();
  const sorted = [...declarations].filter((d) => !d.aliasOf).sort((a, b) => `${a.storageResource.group}/${a.storageResource.resource}`.localeCompare(`${b.storageResource.group}/${b.storageResource.resource}`));
  for (const d of sorted) {
    const name = `${d.storageResource.group || 'core'}.${d.storageResource.resource}`;
    let report = byStorage.get(name);
    if (!report) {
      const encodingVersion = groupVersion(d.storageVersion.group, d.storageVersion.version);
      report = { name, encodingVersion, decodableVersions: [encodingVersion], servedVersions: [] };
      byStorage.set(name, report);
    }
    const gv = groupVersion(d.group, d.version);
    if (!report.decodableVersions.includes(gv)) report.decodableVersions.push(gv);
    if (!report.servedVersions.includes(gv)) report.servedVersions.push(gv);
  }
  return [...byStorage.values()];
}

/** Now, to the second, as a metav1.Time. */
function nowTime(now: Date): string {
  return new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** SetCommonEncodingVersion: the common version when all entries agree, and the condition saying so. */
export function setCommonEncodingVersion(sv: StorageVersion, now: Date = new Date()): void {
  const status = (sv.status ??= {});
  const old = status.commonEncodingVersion;
  const entries = status.storageVersions ?? [];
  const first = entries[0]?.encodingVersion;
  const common = entries.length && entries.every((e) => e.encodingVersion === first) ? first : undefined;
  if (common === undefined) delete status.commonEncodingVersion;
  else status.commonEncodingVersion = common;
  const condition: StorageVersionCondition = common === undefined
    ? { type: 'AllEncodingVersionsEqual', status: 'False', observedGeneration: sv.metadata.generation, lastTransitionTime: nowTime(now), reason: 'CommonEncodingVersionUnset', message: 'Common encoding version unset' }
    : { type: 'AllEncodingVersionsEqual', status: 'True', observedGeneration: sv.metadata.generation, lastTransitionTime: nowTime(now), reason: 'CommonEncodingVersionSet', message: 'Common encoding version set' };
  if (condition.observedGeneration === undefined) delete condition.observedGeneration;
  const conditions = (status.conditions ??= []);
  const existing = conditions.find((c) => c.type === condition.type);
  if (!existing) {
    conditions.push(condition);
    return;
  }
  // The transition time moves when the status changes, or when the common version changed.
  if (existing.status !== condition.status || (old !== undefined && common !== undefined && old !== common)) existing.lastTransitionTime = condition.lastTransitionTime;
  existing.status = condition.status;
  existing.reason = condition.reason;
  existing.message = condition.message;
  if (condition.observedGeneration === undefined) delete existing.observedGeneration;
  else existing.observedGeneration = condition.observedGeneration;
}

/** localUpdateStorageVersion: this server's entry replaced or added, then the common version. */
export function withServerEntry(sv: StorageVersion, apiServerID: string, report: StorageVersionReport, now?: Date): StorageVersion {
  const entry: ServerStorageVersion = { apiServerID, encodingVersion: report.encodingVersion, decodableVersions: report.decodableVersions, servedVersions: report.servedVersions };
  const status = (sv.status ??= {});
  const entries = (status.storageVersions ??= []);
  const at = entries.findIndex((e) => e.apiServerID === apiServerID);
  if (at >= 0) entries[at] = entry;
  else entries.push(entry);
  setCommonEncodingVersion(sv, now);
  return sv;
}
