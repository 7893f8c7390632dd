// The binary's version, the emulated and minimum-compatibility versions, and what /version and
// --version report. The reported git version can be overridden with --version=vX.Y.Z (the same
// major.minor.patch with another pre-release or build suffix, as Kubernetes allows).
import { readFileSync } from 'node:fs';

/** The version rows, typed; the options layer builds them (options/shared/version-options.ts). */
export interface VersionOptions {
  /** --version: 'false', 'true', 'raw' or a vX.Y.Z to report. */
  version: string;
  /** --emulated-version, `component=major.minor` entries. */
  emulatedVersion: readonly string[];
  minCompatibilityVersion: readonly string[];
  /** Whether --min-compatibility-version was given; its default is then derived from the emulated version. */
  minCompatibilityVersionGiven: boolean;
}

export const BINARY_MAJOR = 1;
export const BINARY_MINOR = 35;
export const BINARY_PATCH = 0;
export const BINARY_GIT_VERSION = `v${BINARY_MAJOR}.${BINARY_MINOR}.${BINARY_PATCH}`;
/** Oldest version the binary can emulate (binary minor minus three). */
export const MIN_EMULATION_MINOR = BINARY_MINOR - 3;
export const COMPONENT = 'orch';
export const BRAND = 'orch';

export interface MajorMinor {
  major: number;
  minor: number;
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** Checks a --version=vX.Y.Z value; returns an error text or undefined. */
export function validateDynamicVersion(text: string): string | undefined {
  if (text === '') return 'version must not be empty';
  if (text === BINARY_GIT_VERSION) return undefined;
  const match = SEMVER.exec(text);
  if (!match) return `could not parse ${JSON.stringify(text)} as version`;
  if (Number(match[1]) !== BINARY_MAJOR || Number(match[2]) !== BINARY_MINOR || Number(match[3]) !== BINARY_PATCH) {
    return `version ${JSON.stringify(text)} must match major/minor/patch of default version ${JSON.stringify(BINARY_GIT_VERSION)}`;
  }
  return undefined;
}

/** Parses `major.minor` (a trailing `.0` patch is tolerated). */
export function parseMajorMinor(text: string): MajorMinor | undefined {
  const match = /^v?(\d+)\.(\d+)(?:\.0)?$/.exec(text.trim());
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

export function compareMajorMinor(a: MajorMinor, b: MajorMinor): number {
  return a.major - b.major || a.minor - b.minor;
}

/** Reads this component's entry of a `component=major.minor` list (the component defaults to orch). */
export function componentVersion(entries: readonly string[] | undefined): string | undefined {
  let found: string | undefined;
  for (const entry of entries ?? []) {
    const eq = entry.indexOf('=');
    const component = eq < 0 ? COMPONENT : entry.slice(0, eq).trim();
    if (component === COMPONENT) found = eq < 0 ? entry : entry.slice(eq + 1);
  }
  return found;
}

/** The emulated version from --emulated-version, or the binary's own major.minor. */
export function emulatedVersion(opts: Pick<VersionOptions, 'emulatedVersion'>): MajorMinor {
  const text = componentVersion(opts.emulatedVersion);
  return (text && parseMajorMinor(text)) || { major: BINARY_MAJOR, minor: BINARY_MINOR };
}

/**
 * The minimum compatibility version: as given, or one minor below the emulated version when only
 * the default applies (Kubernetes derives it from the emulation version).
 */
export function minCompatibilityVersion(opts: VersionOptions): MajorMinor {
  const emulated = emulatedVersion(opts);
  const derived = { major: emulated.major, minor: emulated.minor - 1 };
  const text = componentVersion(opts.minCompatibilityVersion);
  if (!opts.minCompatibilityVersionGiven || !text) return derived;
  return parseMajorMinor(text) ?? derived;
}

/** The reported git version: --version=vX.Y.Z when given, else the binary's. */
export function reportedGitVersion(opts: VersionOptions): string {
  const flag = opts.version;
  if (!['true', 'false', 'raw', ''].includes(flag) && !validateDynamicVersion(flag)) {
    return flag.startsWith('v') ? flag : `v${flag}`;
  }
  return BINARY_GIT_VERSION;
}

let cachedCommit: string | undefined;

// The commit the tree was checked out at, when the sources sit in a git work tree; '' otherwise.
function gitCommit(): string {
  if (cachedCommit !== undefined) return cachedCommit;
  cachedCommit = '';
  try {
    const gitDir = new URL('../../../.git/', import.meta.url);
    const head = readFileSync(new URL('HEAD', gitDir), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(head)) cachedCommit = head;
    else if (head.startsWith('ref: ')) {
      cachedCommit = readFileSync(new URL(head.slice(5), gitDir), 'utf8').trim();
    }
  } catch {
    // Not a git checkout, or a packed ref: leave the commit blank.
  }
  return cachedCommit;
}

/** The /version body, fields in Kubernetes' order. */
export function versionInfo(opts: VersionOptions): Record<string, string> {
  const gitVersion = reportedGitVersion(opts);
  const emulated = emulatedVersion(opts);
  const minCompat = minCompatibilityVersion(opts);
  return {
    major: String(BINARY_MAJOR),
    minor: String(BINARY_MINOR),
    emulationMajor: String(emulated.major),
    emulationMinor: String(emulated.minor),
    minCompatibilityMajor: String(minCompat.major),
    minCompatibilityMinor: String(minCompat.minor),
    gitVersion,
    gitCommit: gitCommit(),
    gitTreeState: '',
    buildDate: '1970-01-01T00:00:00Z',
    goVersion: process.version,
    compiler: 'node',
    platform: `${goOs()}/${goArch()}`,
  };
}

/** What --version prints: `orch v1.35.0`, or with raw the Go-style struct dump. */
export function formatVersionFlag(opts: VersionOptions, raw: boolean): string {
  if (!raw) return `${BRAND} ${reportedGitVersion(opts)}`;
  const info = versionInfo(opts);
  // --version=raw prints the build information only, as Kubernetes' version.Get() does.
  const fields: Array<[string, string]> = [
    ['Major', info.major!],
    ['Minor', info.minor!],
    ['EmulationMajor', ''],
    ['EmulationMinor', ''],
    ['MinCompatibilityMajor', ''],
    ['MinCompatibilityMinor', ''],
    ['GitVersion', info.gitVersion!],
    ['GitCommit', info.gitCommit!],
    ['GitTreeState', info.gitTreeState!],
    ['BuildDate', info.buildDate!],
    ['GoVersion', info.goVersion!],
    ['Compiler', info.compiler!],
    ['Platform', info.platform!],
  ];
  return `version.Info{${fields.map(([k, v]) => `${k}:${JSON.stringify(v)}`).join(', ')}}`;
}

function goOs(): string {
  return process.platform === 'win32' ? 'windows' : process.platform;
}

function goArch(): string {
  const arch: Record<string, string> = { x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' };
  return arch[process.arch] ?? process.arch;
}
