// Pod Security levels, policy versions and a namespace's policy as its labels state it
// (`pod-security.orch.io/<mode>` and `<mode>-version`), with the defaults of the plugin's
// configuration filling what the labels leave out. A label that does not parse yields a field
// error and a safe value: restricted for enforce, privileged (fail open) for audit and warn.
import { invalid, type FieldError } from '../../../../machinery/validation/field-error.ts';

export type Level = 'privileged' | 'baseline' | 'restricted';
export const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];

/** A policy version: `latest` or v1.<minor>. */
export type NumberedVersion = { latest: false; minor: number };
export type Version = { latest: true } | NumberedVersion;
export const LATEST: Version = { latest: true };
export const v1 = (minor: number): NumberedVersion => ({ latest: false, minor });

export interface LevelVersion {
  level: Level;
  version: Version;
}

export interface Policy {
  enforce: LevelVersion;
  audit: LevelVersion;
  warn: LevelVersion;
}

export const LABEL_PREFIX = 'pod-security.orch.io/';
export type Mode = 'enforce' | 'audit' | 'warn';
export const MODES: readonly Mode[] = ['enforce', 'audit', 'warn'];

export const levelLabel = (mode: Mode): string => `${LABEL_PREFIX}${mode}`;
export const versionLabel = (mode: Mode): string => `${LABEL_PREFIX}${mode}-version`;

export function versionString(v: Version): string {
  return v.latest ? 'latest' : `v1.${v.minor}`;
}

export function levelVersionString(lv: LevelVersion): string {
  return `${lv.level}:${versionString(lv.version)}`;
}

/** v is older than other; latest is newer than every numbered version. */
export function olderThan(v: Version, other: Version): boolean {
  if (v.latest) return false;
  if (other.latest) return true;
  return v.minor < other.minor;
}

export function sameVersion(a: Version, b: Version): boolean {
  return a.latest ? b.latest : !b.latest && a.minor === b.minor;
}

export function sameLevelVersion(a: LevelVersion, b: LevelVersion): boolean {
  return a.level === b.level && sameVersion(a.version, b.version);
}

/** Equal for evaluation: privileged ignores its version. */
export function equivalentLevelVersion(a: LevelVersion, b: LevelVersion): boolean {
  return a.level === b.level && (a.level === 'privileged' || sameVersion(a.version, b.version));
}

export function equivalentPolicy(a: Policy, b: Policy): boolean {
  return MODES.every((m) => equivalentLevelVersion(a[m], b[m]));
}

export function fullyPrivileged(p: Policy): boolean {
  return MODES.every((m) => p[m].level === 'privileged');
}

/** -1 when a is less strict than b, 0 when equal, 1 when stricter. */
export function compareLevels(a: Level, b: Level): number {
  return Math.sign(LEVELS.indexOf(a) - LEVELS.indexOf(b));
}

export function parseLevel(text: string): Level | undefined {
  return (LEVELS as readonly string[]).includes(text) ? (text as Level) : undefined;
}

const VERSION_PATTERN = /^v1\.([0-9]|[1-9][0-9]*)$/;

export function parseVersion(text: string): Version | undefined {
  if (text === 'latest') return LATEST;
  const m = VERSION_PATTERN.exec(text);
  if (!m) return undefined;
  const minor = Number(m[1]);
  return Number.isSafeInteger(minor) ? v1(minor) : undefined;
}

const LEVEL_DETAIL = `must be one of ${LEVELS.join(', ')}`;
const VERSION_DETAIL = 'must be "latest" or "v1.x"';

export interface EvaluatedPolicy {
  policy: Policy;
  errors: FieldError[];
}

/** The policy a namespace's labels select, on top of the configured defaults. */
export function policyFromLabels(labels: Readonly<Record<string, string>> | undefined, defaults: Policy): EvaluatedPolicy {
  const policy: Policy = { enforce: { ...defaults.enforce }, audit: { ...defaults.audit }, warn: { ...defaults.warn } };
  const errors: FieldError[] = [];
  if (!labels) return { policy, errors };
  for (const mode of MODES) {
    const levelKey = levelLabel(mode);
    const levelText = labels[levelKey];
    if (levelText !== undefined) {
      const level = parseLevel(levelText);
      if (level) policy[mode].level = level;
      else {
        policy[mode].level = mode === 'enforce' ? 'restricted' : 'privileged';
        errors.push(invalid(`metadata.labels[${levelKey}]`, levelText, LEVEL_DETAIL));
      }
    }
    const versionKey = versionLabel(mode);
    const versionText = labels[versionKey];
    if (versionText !== undefined) {
      const version = parseVersion(versionText);
      policy[mode].version = version ?? LATEST;
      if (!version) errors.push(invalid(`metadata.labels[${versionKey}]`, versionText, VERSION_DETAIL));
    }
  }
  return { policy, errors };
}
