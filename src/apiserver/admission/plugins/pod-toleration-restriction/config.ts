// PodTolerationRestriction's configuration (podtolerationrestriction.admission.orch.io/v1 or
// v1alpha1, kind Configuration): the cluster's default tolerations for pods of namespaces that set
// none, and the cluster's whitelist for namespaces without their own.
import type { Toleration } from '../../../../api/core/v1/pod-types.ts';

export const POD_TOLERATION_RESTRICTION_API_VERSIONS: readonly string[] = [
  'podtolerationrestriction.admission.orch.io/v1',
  'podtolerationrestriction.admission.orch.io/v1alpha1',
];

export interface PodTolerationRestrictionConfig {
  default: Toleration[];
  whitelist: Toleration[];
}

export class PodTolerationRestrictionConfigError extends Error {}

const OPERATORS = ['', 'Equal', 'Exists'];
const EFFECTS = ['', 'NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function tolerations(raw: unknown, field: string): Toleration[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new PodTolerationRestrictionConfigError(`${field}: must be a list of tolerations`);
  return raw.map((entry, i) => {
    const t = (entry ?? {}) as Toleration;
    const path = `${field}[${i}]`;
    if (!OPERATORS.includes(t.operator ?? '')) throw new PodTolerationRestrictionConfigError(`${path}.operator: Unsupported value: ${JSON.stringify(t.operator)}: supported values: "Equal", "Exists"`);
    if (!EFFECTS.includes(t.effect ?? '')) throw new PodTolerationRestrictionConfigError(`${path}.effect: Unsupported value: ${JSON.stringify(t.effect)}: supported values: "NoExecute", "NoSchedule", "PreferNoSchedule"`);
    return t;
  });
}

export function parsePodTolerationRestrictionConfig(raw: unknown): PodTolerationRestrictionConfig {
  if (raw === undefined || raw === null) return { default: [], whitelist: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new PodTolerationRestrictionConfigError('the configuration is not an object');
  const doc = raw as Record<string, unknown>;
  if (doc['kind'] !== 'Configuration' || !POD_TOLERATION_RESTRICTION_API_VERSIONS.includes(String(doc['apiVersion']))) {
    throw new PodTolerationRestrictionConfigError(
      `expected kind Configuration of ${POD_TOLERATION_RESTRICTION_API_VERSIONS.join(' or ')}, got ${JSON.stringify(doc['kind'] ?? '')} of ${JSON.stringify(doc['apiVersion'] ?? '')}`,
    );
  }
  return { default: tolerations(doc['default'], 'default'), whitelist: tolerations(doc['whitelist'], 'whitelist') };
}
