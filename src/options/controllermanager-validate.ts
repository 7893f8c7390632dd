// Validation of orch-controller-manager's options: every rule of the spec's rule columns and its
// Errors and Versioning sections, as start-up errors naming the option; plus start-up warnings.
import type { FlagValues } from './flag.ts';
import type { FeatureGates } from '../component-base/featuregate/feature-gates.ts';
import { controllerManagerFlags } from './controllermanager-flags.ts';
import { apiserverFeatureGates } from './apiserver-validate.ts';
import { defaultValues } from './parse.ts';
import { givenFrom, type OptionValidator, type ValidationContext } from './validation-context.ts';
import { validateLogging } from './shared/logging-validate.ts';
import { validateMetrics } from './shared/metrics-validate.ts';
import { validateEmulationVersions } from './shared/feature-gates-validate.ts';
import { flagStatusWarnings, validateVersionFlag } from './shared/generic-validate.ts';
import { validateControllerSelection } from './controllermanager/controllers-validate.ts';
import { validateNodeCloud } from './controllermanager/node-cloud-validate.ts';
import { validateCertSigning } from './controllermanager/cert-signing-validate.ts';
import { validateAutoscaler, validateEndpoints, validateNodeLifecycle, validateVolume } from './controllermanager/workload-validate.ts';
import { validateApiClient, validateLeaderElection } from './controllermanager/client-leader-validate.ts';
import { validateControllerManagerServing, validateDelegatedAuth } from './controllermanager/serving-auth-validate.ts';

const validators: readonly OptionValidator[] = [
  validateControllerSelection,
  validateNodeCloud,
  validateCertSigning,
  validateVolume,
  validateAutoscaler,
  (ctx) => validateNodeLifecycle(ctx),
  validateEndpoints,
  validateApiClient,
  validateLeaderElection,
  validateControllerManagerServing,
  validateLogging,
  validateMetrics,
  validateVersionFlag,
  validateEmulationVersions,
  validateDelegatedAuth,
  flagStatusWarnings(controllerManagerFlags),
];

const tableDefaults = defaultValues(controllerManagerFlags);

export function validateControllerManagerOptions(values: FlagValues): { errors: string[]; warnings: string[]; gates: FeatureGates } {
  // Feature gates are built as the API server builds them: one set of known gates for component orch.
  const built = apiserverFeatureGates(values);
  const ctx: ValidationContext = {
    values,
    given: givenFrom(values, controllerManagerFlags, tableDefaults),
    gates: built.gates,
    errors: [...built.errors],
    warnings: [...built.warnings],
  };
  for (const validate of validators) validate(ctx);
  return { errors: ctx.errors, warnings: ctx.warnings, gates: built.gates };
}
