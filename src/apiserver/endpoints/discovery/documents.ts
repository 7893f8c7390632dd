// Discovery documents derived from the declarations: APIVersions, APIGroupList, APIGroup,
// APIResourceList, and the aggregated APIGroupDiscoveryList.
import { createHash } from 'node:crypto';
import type { ResourceDeclaration } from '../../registry/resource.ts';
import type { DelegatedApis } from '../delegated-apis.ts';

type Decl = ResourceDeclaration<any, any>;

/** As Kubernetes: base64 of the first 8 bytes of sha256("<group>/<version>/<kind>") of the storage version. */
export function storageVersionHash(decl: Decl): string {
  const sv = decl.storageVersion;
  return createHash('sha256').update(`${sv.group}/${sv.version}/${sv.kind}`).digest().subarray(0, 8).toString('base64');
}

/**
 * Kubernetes' order of preference among a group's versions: GA before beta before alpha, higher
 * numbers first; a version of another form after them.
 */
function versionPreference(version: string): number {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version);
  if (!m) return -1;
  const stage = m[2] === 'alpha' ? 0 : m[2] === 'beta' ? 1 : 2;
  return stage * 1e6 + Number(m[1]) * 1e3 + Number(m[3] ?? 0);
}

/** Group names in order of first appearance, each with its versions in order of preference. */
export function groupVersions(decls: readonly Decl[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const d of decls) {
    const versions = out.get(d.group) ?? [];
    if (!versions.includes(d.version)) versions.push(d.version);
    out.set(d.group, versions);
  }
  for (const versions of out.values()) versions.sort((a, b) => versionPreference(b) - versionPreference(a));
  return out;
}

export function apiVersions(decls: readonly Decl[], serverAddress: string): Record<string, unknown> {
  return {
    kind: 'APIVersions',
    versions: groupVersions(decls).get('') ?? ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function apiGroup(name: string, versions: string[]): Record<string, unknown> {
  const list = versions.map((v) => ({ groupVersion: `${name}/${v}`, version: v }));
  return { name, versions: list, preferredVersion: list[0] };
}

/** The groups in discovery order: as declared, or as the delegated APIs order them (with theirs). */
function orderedGroups(decls: readonly Decl[], delegated?: DelegatedApis): Map<string, string[]> {
  return delegated ? delegated.order(groupVersions(decls)) : groupVersions(decls);
}

export function apiGroupList(decls: readonly Decl[], delegated?: DelegatedApis): Record<string, unknown> {
  const groups = [...orderedGroups(decls, delegated)].filter(([g]) => g !== '').map(([g, v]) => apiGroup(g, v));
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

export function apiGroupDocument(decls: readonly Decl[], group: string, delegated?: DelegatedApis): Record<string, unknown> | undefined {
  const versions = orderedGroups(decls, delegated).get(group);
  if (!versions || !group) return undefined;
  return { kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(group, versions) };
}

/** The kind a subresource answers with: its view's or posted kind (Scale, Eviction), else its parent's. */
function subresourceKind(d: Decl, sub: NonNullable<Decl['subresources']>[string]): { group: string; version: string; kind: string } {
  const other = sub.view ?? sub.action;
  return other ? { group: other.group, version: other.version, kind: other.kind } : { group: d.group, version: d.version, kind: d.kind };
}

export function apiResourceList(decls: readonly Decl[], group: string, version: string): Record<string, unknown> | undefined {
  const mine = decls.filter((d) => d.group === group && d.version === version);
  if (!mine.length) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group ? `${group}/${version}` : version,
    resources: mine.flatMap((d) => {
      const r: Record<string, unknown> = {
        name: d.plural,
        singularName: d.singular,
        namespaced: d.namespaced,
        kind: d.kind,
        verbs: [...d.verbs].sort(),
      };
      if (d.shortNames.length) r['shortNames'] = d.shortNames;
      if (d.categories.length) r['categories'] = d.categories;
      r['storageVersionHash'] = storageVersionHash(d);
      // Each subresource is an entry of its own, named <plural>/<subresource>, as Kubernetes lists them.
      const subs = Object.entries(d.subresources ?? {}).map(([name, sub]) => {
        const k = subresourceKind(d, sub);
        // Group and version are named only when they are not the list's (deployments/scale is autoscaling/v1).
        const gv = k.group === d.group && k.version === d.version ? {} : { group: k.group, version: k.version };
        return { name: `${d.plural}/${name}`, singularName: '', namespaced: d.namespaced, ...gv, kind: k.kind, verbs: [...sub.verbs].sort() };
      });
      return [r, ...subs];
    }),
  };
}

/**
 * apidiscovery v2 (or v2beta1) APIGroupDiscoveryList for /api (core) or /apis (named groups); a
 * version served elsewhere is the delegated APIs' entry (fetched from its server).
 */
export function aggregatedDiscovery(decls: readonly Decl[], core: boolean, asApiVersion: string, delegated?: DelegatedApis): Record<string, unknown> {
  const items = [...orderedGroups(decls, delegated)]
    .filter(([g]) => (core ? g === '' : g !== ''))
    .map(([g, versions]) => ({
      metadata: g ? { name: g, creationTimestamp: null } : { creationTimestamp: null },
      versions: versions.map((v) => delegated?.discoveryVersion(g, v) ?? ({
        version: v,
        resources: decls
          .filter((d) => d.group === g && d.version === v)
          .map((d) => {
            const r: Record<string, unknown> = {
              resource: d.plural,
              responseKind: { group: d.group, version: d.version, kind: d.kind },
              scope: d.namespaced ? 'Namespaced' : 'Cluster',
              singularResource: d.singular,
              verbs: [...d.verbs].sort(),
            };
            if (d.shortNames.length) r['shortNames'] = d.shortNames;
            if (d.categories.length) r['categories'] = d.categories;
            const subs = Object.entries(d.subresources ?? {}).map(([name, sub]) => ({
              subresource: name,
              responseKind: subresourceKind(d, sub),
              verbs: [...sub.verbs].sort(),
            }));
            if (subs.length) r['subresources'] = subs;
            return r;
          }),
        freshness: 'Current',
      })),
    }))
    .filter((item) => item.versions.length);
  return { kind: 'APIGroupDiscoveryList', apiVersion: asApiVersion, metadata: {}, items };
}
