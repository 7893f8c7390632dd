// Validation of orch-apiserver's options: every rule of the spec's rule columns and of its
// Errors, Limits and Versioning sections, as start-up errors naming the option; plus the start-up
// warnings (insecure cipher suites, deprecated flags, flags accepted but not implemented yet).
import type { FlagValues } from './flag.ts';
import { FeatureGates } from '../component-base/featuregate/feature-gates.ts';
import { apiserverFlags } from './apiserver-flags.ts';
import { defaultValues } from './parse.ts';
import { givenFrom, type OptionValidator, type ValidationContext } from './validation-context.ts';
import { validateSecureServing } from './shared/secure-serving-validate.ts';
import { validateLogging } from './shared/logging-validate.ts';
import { validateMetrics } from './shared/metrics-validate.ts';
import { validateEmulationVersions } from './shared/feature-gates-validate.ts';
import { flagStatusWarnings, validateVersionFlag } from './shared/generic-validate.ts';
import { validateApiserverServing } from './apiserver/serving-validate.ts';
import { validateStorage } from './apiserver/storage-validate.ts';
import { validateAdmission } from './apiserver/admission-validate.ts';
import { validateNodeAgent } from './apiserver/node-agent-validate.ts';
import { validateLifecycle, validateLimits } from './apiserver/limits-validate.ts';
import { validateAuthentication } from './apiserver/authentication-validate.ts';
import { validateServiceAccounts } from './apiserver/service-account-validate.ts';
import { validateAuthorization } from './apiserver/authorization-validate.ts';
import { validateAudit } from './apiserver/audit-validate.ts';
import { validateVersioning } from './apiserver/versioning-validate.ts';

const validators: readonly OptionValidator[] = [
  validateSecureServing,
  validateApiserverServing,
  validateStorage,
  validateAdmission,
  validateNodeAgent,
  validateLogging,
  validateMetrics,
  validateVersionFlag,
  validateLifecycle,
  validateAuthentication,
  validateServiceAccounts,
  validateAuthorization,
  validateAudit,
  validateLimits,
  validateEmulationVersions,
  validateVersioning,
  flagStatusWarnings(apiserverFlags),
];

const tableDefaults = defaultValues(apiserverFlags);

/** Builds the feature gates from --feature-gates; errors name the flag. */
export function apiserverFeatureGates(values: FlagValues): { gates: FeatureGates; errors: string[]; warnings: string[] } {
  const gates = new FeatureGates();
  const entries = values['feature-gates'];
  const { errors, warnings } = gates.set(entries && typeof entries === 'object' && !Array.isArray(entries) ? (entries as Record<string, string>) : {});
  return { gates, errors, warnings };
}

export function validateApiserverOptions(values: FlagValues): { errors: string[]; warnings: string[] } {
  return validateWithGates(values).result;
}

/** Validation that also hands back the feature gates it built. */
export function validateWithGates(values: FlagValues): { result: { errors: string[]; warnings: string[] }; gates: FeatureGates } {
  const built = apiserverFeatureGates(values);
  const ctx: ValidationContext = {
    values,
    given: givenFrom(values, apiserverFlags, tableDefaults),
    gates: built.gates,
    errors: [...built.errors],
    warnings: [...built.warnings],
  };
  for (const validate of validators) validate(ctx);
  return { result: { errors: ctx.errors, warnings: ctx.warnings }, gates: built.gates };
}
