// What the small components' commands (orch-scheduler, orch-nodeagent) have in common: --help,
// the logging rows, feature gates at their defaults, and validation that runs each rule over one
// context. Each command brings its own rows, rules and typed options.
import type { FlagSpec, FlagValues } from '../flag.ts';
import { FeatureGates } from '../../component-base/featuregate/feature-gates.ts';
import { defaultValues } from '../parse.ts';
import { loggingFlags } from '../shared/logging.ts';
import { validateLogging } from '../shared/logging-validate.ts';
import { givenFrom, type OptionValidator, type ValidationContext } from '../validation-context.ts';

export const LOGGING_GROUP = 'Logging flags';
export const GENERIC_GROUP = 'Generic flags';

export function commonComponentFlags(command: string): FlagSpec[] {
  return [
    ...loggingFlags(LOGGING_GROUP),
    { name: 'help', short: 'h', type: 'bool', group: GENERIC_GROUP, status: 'implemented', help: `help for ${command}` },
  ];
}

/** A validator for a table: its rules, then the logging rules. */
export function componentValidator(table: readonly FlagSpec[], rules: readonly OptionValidator[]) {
  const defaults = defaultValues(table);
  return (values: FlagValues): { errors: string[]; warnings: string[]; gates: FeatureGates } => {
    const gates = new FeatureGates();
    const ctx: ValidationContext = { values, given: givenFrom(values, table, defaults), gates, errors: [], warnings: [] };
    for (const rule of [...rules, validateLogging]) rule(ctx);
    return { errors: ctx.errors, warnings: ctx.warnings, gates };
  };
}
