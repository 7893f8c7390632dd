// --runtime-config applied to the served declarations before the API handler is built: a group
// version switched off is absent from discovery and OpenAPI and its paths answer 404. As
// Kubernetes merges it: start from what is on by default at the emulated version, apply api/all,
// api/ga, api/beta, api/alpha in that order, then the <group>/<version> keys, which win.
// Validation (options/apiserver/versioning-validate.ts) has already refused bad keys and values.
import type { VersioningOptions } from '../../options/apiserver/versioning-options.ts';
import type { VersionOptions } from '../../component-base/version/version.ts';
import { parseGoBool } from '../../machinery/strconv.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { emulatedVersion } from '../../component-base/version/version.ts';
import { builtinGroupVersions } from '../../options/apiserver/api-group-versions.ts';
import { canonicalGroup } from '../../apiserver/registry/generic/alias.ts';
import { FeatureGates } from '../../component-base/featuregate/feature-gates.ts';

const log = klog('cmd/runtime-config');

const GA = /^v\d+$/;
const BETA = /^v\d+beta\d+$/;
const ALPHA = /^v\d+alpha\d+$/;

/** The selectors in the order Kubernetes applies them; api/legacy is accepted and does nothing. */
const SELECTORS: ReadonlyArray<[string, (version: string) => boolean]> = [
  ['api/all', () => true],
  ['api/ga', (v) => GA.test(v)],
  ['api/beta', (v) => BETA.test(v)],
  ['api/alpha', (v) => ALPHA.test(v)],
];

export interface GroupVersionEnablement {
  /** Whether `v1` (core) or `<group>/<version>` is installed. */
  enabled(groupVersion: string): boolean;
}

interface Declared {
  declaration: { group: string; version: string; plural?: string; featureGates?: readonly string[] };
}

/** The gates a server was started with; asked only for gates the declarations name. */
export interface EnabledGates {
  enabled(name: string): boolean;
}

function groupVersionOf(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

function splitGroupVersion(gv: string): { group: string; version: string } {
  const slash = gv.lastIndexOf('/');
  return slash < 0 ? { group: '', version: gv } : { group: gv.slice(0, slash), version: gv.slice(slash + 1) };
}

/** --runtime-config as key -> on/off, with `api/v1` read as `v1` and an empty value as true. */
export function runtimeConfigOverrides(opts: VersioningOptions): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const [key, value] of Object.entries(opts.runtimeConfig)) {
    out.set(key === 'api/v1' ? 'v1' : key, value === '' ? true : parseGoBool(value));
  }
  return out;
}

/** Kubernetes' version priority: GA above beta above alpha, then the higher numbers. */
function versionPriority(version: string): number {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version);
  if (!m) return -1;
  const stage = m[2] === 'alpha' ? 0 : m[2] === 'beta' ? 1 : 2;
  return stage * 1e6 + Number(m[1]) * 1e3 + Number(m[3] ?? 0);
}

/**
 * The enablement of every group version for these options. `served` lists the group versions
 * this server can install, for --emulation-forward-compatible: an enabled beta-or-later version
 * carries forward to a higher-priority version of its group introduced after the emulated one.
 */
export function groupVersionEnablement(
  opts: { versioning: VersioningOptions; version: Pick<VersionOptions, 'emulatedVersion'> },
  served: readonly string[] = [],
): GroupVersionEnablement {
  const overrides = runtimeConfigOverrides(opts.versioning);
  const emulatedMinor = emulatedVersion(opts.version).minor;
  const introducedAfterEmulation = (gv: string) => (builtinGroupVersions[gv] ?? 0) > emulatedMinor;
  const forwardCompatibleRuntimeConfig = opts.versioning.runtimeConfigEmulationForwardCompatible;
  const forwardCompatible = opts.versioning.emulationForwardCompatible;

  /** On or off at the emulated version, before any forward carrying. */
  function atEmulation(gv: string): boolean {
    const { version } = splitGroupVersion(gv);
    // Every group version this server serves is GA; GA versions are on by default, others off.
    let on = GA.test(version);
    for (const [key, matches] of SELECTORS) {
      const value = overrides.get(key);
      if (value !== undefined && matches(version)) on = value;
    }
    const explicit = overrides.get(gv);
    if (explicit !== undefined) on = explicit;
    if (!on || !introducedAfterEmulation(gv)) return on;
    // Named explicitly with the forward-compatible switch: installed though it is newer.
    return explicit === true && forwardCompatibleRuntimeConfig;
  }

  function enabled(gv: string): boolean {
    if (atEmulation(gv)) return true;
    if (!forwardCompatible || !introducedAfterEmulation(gv) || overrides.get(gv) === false) return false;
    const { group, version } = splitGroupVersion(gv);
    return served.some((other) => {
      const o = splitGroupVersion(other);
      return (
        o.group === group &&
        o.version !== version &&
        !ALPHA.test(o.version) &&
        !introducedAfterEmulation(other) &&
        versionPriority(version) > versionPriority(o.version) &&
        atEmulation(other)
      );
    });
  }
  return { enabled };
}

/**
 * The resources whose group version is enabled and whose feature gates are all on; a wire alias
 * follows the orch.io group it stands for. Without `featureGates`, every gate has its default.
 */
export function enabledResources<R extends Declared>(
  opts: { versioning: VersioningOptions; version: Pick<VersionOptions, 'emulatedVersion'> },
  resources: readonly R[],
  featureGates: EnabledGates = new FeatureGates(),
): R[] {
  const gvOf = (r: R) => groupVersionOf(canonicalGroup(r.declaration.group), r.declaration.version);
  const served = [...new Set(resources.map(gvOf))];
  const enablement = groupVersionEnablement(opts, served);
  for (const key of runtimeConfigOverrides(opts.versioning).keys()) {
    if (!key.startsWith('api/') && !served.includes(key)) log.info('--runtime-config names a group version this server does not serve', { groupVersion: key }, 2);
  }
  const off = served.filter((gv) => !enablement.enabled(gv));
  if (off.length) log.info('API group versions disabled', { groupVersions: off.join(',') });
  return resources.filter((r) => enablement.enabled(gvOf(r)) && gatesOn(r, featureGates));
}

/** As Kubernetes warns when it leaves out the storage of an enabled resource whose gate is off. */
function gatesOn(r: Declared, featureGates: EnabledGates): boolean {
  const off = (r.declaration.featureGates ?? []).filter((gate) => !featureGates.enabled(gate));
  if (!off.length) return true;
  if (!r.declaration.group.endsWith('.k8s.io')) {
    const gates = off.length === 1 ? `${off[0]} feature gate is` : `${off.join(' and ')} feature gates are`;
    log.warning(`${r.declaration.plural ?? r.declaration.group} storage is disabled because the ${gates} disabled`, { groupVersion: gvOfDecl(r) });
  }
  return false;
}

function gvOfDecl(r: Declared): string {
  return groupVersionOf(r.declaration.group, r.declaration.version);
}
