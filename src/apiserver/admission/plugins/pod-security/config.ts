// The PodSecurity plugin's configuration (PodSecurityConfiguration of
// pod-security.admission.config.orch.io, v1 and the older v1beta1 and v1alpha1 of the same
// shape), read from --admission-control-config-file: the policy for namespaces whose labels say
// nothing (every mode privileged at latest unless set), and the usernames, runtime classes and
// namespaces exempt from the checks. Validated with Kubernetes' field errors.
import { aggregateString, duplicate, invalid, required, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain, validateNamespaceName } from '../../../../machinery/validation/names.ts';
import { LATEST, LEVELS, parseLevel, parseVersion, type Mode, type Policy } from './policy-labels.ts';

export const POD_SECURITY_CONFIG_GROUP = 'pod-security.admission.config.orch.io';
export const POD_SECURITY_CONFIG_VERSIONS: readonly string[] = ['v1', 'v1beta1', 'v1alpha1'];

export interface PodSecurityConfig {
  defaults: Policy;
  exemptions: {
    usernames: ReadonlySet<string>;
    runtimeClasses: ReadonlySet<string>;
    namespaces: ReadonlySet<string>;
  };
}

export const DEFAULT_POD_SECURITY_CONFIG: PodSecurityConfig = {
  defaults: {
    enforce: { level: 'privileged', version: LATEST },
    audit: { level: 'privileged', version: LATEST },
    warn: { level: 'privileged', version: LATEST },
  },
  exemptions: { usernames: new Set(), runtimeClasses: new Set(), namespaces: new Set() },
};

export class PodSecurityConfigError extends Error {}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : String(x ?? ''))) : [];
}

function exemptionList(values: string[], path: string, check: (v: string) => string[] | undefined, errs: FieldError[]): Set<string> {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    const problems = check(value);
    if (problems?.length) errs.push(invalid(`${path}[${i}]`, value, problems.join(', ')));
    else if (problems === undefined && value === '') errs.push(required(`${path}[${i}]`));
    else if (seen.has(value)) errs.push(duplicate(`${path}[${i}]`, value));
    else seen.add(value);
  });
  return seen;
}

/** Parses, defaults and validates; an absent configuration is the default one. */
export function parsePodSecurityConfig(raw: unknown): PodSecurityConfig {
  if (raw === undefined || raw === null) return DEFAULT_POD_SECURITY_CONFIG;
  const doc = asRecord(raw);
  const apiVersion = String(doc['apiVersion'] ?? '');
  const [group, version] = apiVersion.split('/');
  if (doc['kind'] !== 'PodSecurityConfiguration' || group !== POD_SECURITY_CONFIG_GROUP || !POD_SECURITY_CONFIG_VERSIONS.includes(version ?? '')) {
    throw new PodSecurityConfigError(
      `expected kind PodSecurityConfiguration of ${POD_SECURITY_CONFIG_GROUP}/${POD_SECURITY_CONFIG_VERSIONS[0]}, got ${JSON.stringify(doc['kind'] ?? '')} of ${JSON.stringify(apiVersion)}`,
    );
  }
  const defaults = asRecord(doc['defaults']);
  const errs: FieldError[] = [];
  const policy = { ...DEFAULT_POD_SECURITY_CONFIG.defaults } as Policy;
  // Kubernetes validates enforce, then warn, then audit.
  for (const mode of ['enforce', 'warn', 'audit'] as Mode[]) {
    const levelText = String(defaults[mode] ?? '') || 'privileged';
    const versionText = String(defaults[`${mode}-version`] ?? '') || 'latest';
    const level = parseLevel(levelText);
    const version = parseVersion(versionText);
    if (!level) errs.push(invalid(`defaults.${mode}`, levelText, `must be one of ${LEVELS.join(', ')}`));
    if (!version) errs.push(invalid(`defaults.${mode}-version`, versionText, 'must be "latest" or "v1.x"'));
    policy[mode] = { level: level ?? 'restricted', version: version ?? LATEST };
  }
  const exemptions = asRecord(doc['exemptions']);
  const namespaces = exemptionList(stringList(exemptions['namespaces']), 'exemptions.namespaces', (v) => validateNamespaceName(v, false), errs);
  const runtimeClasses = exemptionList(stringList(exemptions['runtimeClasses']), 'exemptions.runtimeClasses', (v) => nameIsDNSSubdomain(v, false), errs);
  const usernames = exemptionList(stringList(exemptions['usernames']), 'exemptions.usernames', () => undefined, errs);
  if (errs.length) throw new PodSecurityConfigError(aggregateString(errs));
  return { defaults: policy, exemptions: { namespaces, runtimeClasses, usernames } };
}
