// Rules of --version, plus the start-up notices every table shares: deprecated flags and flags
// that are accepted but not implemented yet.
import type { FlagSpec } from '../flag.ts';
import { validateDynamicVersion } from '../../component-base/version/version.ts';
import { str, type ValidationContext } from '../validation-context.ts';

export function validateVersionFlag(ctx: ValidationContext): void {
  const version = str(ctx, 'version');
  if (['', 'true', 'false', 'raw'].includes(version)) return;
  const problem = validateDynamicVersion(version);
  if (problem) ctx.errors.push(`invalid argument ${JSON.stringify(version)} for "--version" flag: ${problem}`);
}

export function flagStatusWarnings(table: readonly FlagSpec[]): (ctx: ValidationContext) => void {
  return (ctx) => {
    for (const spec of table) {
      if (!ctx.given.has(spec.name)) continue;
      if (spec.deprecated) ctx.warnings.push(`Flag --${spec.name} has been deprecated, ${spec.deprecated}`);
      if (spec.status === 'not-yet') {
        ctx.warnings.push(`flag --${spec.name} is accepted but not implemented yet: ${spec.statusNote ?? 'no effect'}`);
      }
    }
  };
}
