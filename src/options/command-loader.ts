// From a command's argv to either options to run with or an exit (help, version, errors): parse,
// then --help, then --version, then validation. Each command supplies its flag table, help text
// and validator, and builds its typed options once the values are valid.
import type { FlagSpec, FlagValues } from './flag.ts';
import type { FeatureGates } from '../component-base/featuregate/feature-gates.ts';
import { formatVersionFlag } from '../component-base/version/version.ts';
import { formatHelp } from './help.ts';
import { optionReader } from './option-reader.ts';
import { parseFlags } from './parse.ts';
import { versionOptions } from './shared/version-options.ts';

export type LoadedOptions<T> =
  | { kind: 'run'; values: FlagValues; options: T; featureGates: FeatureGates; warnings: string[] }
  | { kind: 'exit'; code: number; stdout: string; stderr: string };

export interface CommandDefinition<T> {
  command: string;
  description: string;
  flags: readonly FlagSpec[];
  groupOrder: readonly string[];
  validate: (values: FlagValues) => { errors: string[]; warnings: string[]; gates: FeatureGates };
  /** The typed options of valid values. */
  build: (values: FlagValues) => T;
}

export function commandHelp<T>(def: CommandDefinition<T>): string {
  return formatHelp(def.command, def.description, def.flags, [...def.groupOrder]);
}

export function loadCommandOptions<T>(def: CommandDefinition<T>, argv: string[]): LoadedOptions<T> {
  const parsed = parseFlags(def.flags, argv);
  const fail = (errors: string[]) => ({
    kind: 'exit' as const,
    code: 1,
    stdout: '',
    stderr: errors.map((e) => `Error: ${e}\n`).join(''),
  });
  if (parsed.errors.length > 0) return fail(parsed.errors);
  if (parsed.values['help'] === true) return { kind: 'exit', code: 0, stdout: `${commandHelp(def)}\n`, stderr: '' };
  if (parsed.args.some((a) => a !== '')) {
    return fail([`${JSON.stringify(def.command)} does not take any arguments, got ${JSON.stringify(parsed.args)}`]);
  }
  const version = parsed.values['version'];
  if (version === 'true' || version === 'raw') {
    return { kind: 'exit', code: 0, stdout: `${formatVersionFlag(versionOptions(optionReader(def.flags, parsed.values)), version === 'raw')}\n`, stderr: '' };
  }
  const result = def.validate(parsed.values);
  if (result.errors.length > 0) return fail(result.errors);
  return { kind: 'run', values: parsed.values, options: def.build(parsed.values), featureGates: result.gates, warnings: result.warnings };
}
