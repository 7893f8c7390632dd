// From orch-controller-manager's argv to either options to run with or an exit (help, version,
// errors): parse, then --help, then --version, then validation.
import type { FlagValues } from './flag.ts';
import type { FeatureGates } from '../component-base/featuregate/feature-gates.ts';
import { formatVersionFlag } from '../component-base/version/version.ts';
import {
  CONTROLLER_MANAGER_COMMAND, CONTROLLER_MANAGER_DESCRIPTION, controllerManagerFlags, controllerManagerGroupOrder,
} from './controllermanager-flags.ts';
import { formatHelp } from './help.ts';
import { parseFlags } from './parse.ts';
import { validateControllerManagerOptions } from './controllermanager-validate.ts';

export type LoadedControllerManagerOptions =
  | { kind: 'run'; values: FlagValues; featureGates: FeatureGates; warnings: string[] }
  | { kind: 'exit'; code: number; stdout: string; stderr: string };

export function controllerManagerHelp(): string {
  return formatHelp(CONTROLLER_MANAGER_COMMAND, CONTROLLER_MANAGER_DESCRIPTION, controllerManagerFlags, [...controllerManagerGroupOrder]);
}

export function loadControllerManagerOptions(argv: string[]): LoadedControllerManagerOptions {
  const parsed = parseFlags(controllerManagerFlags, argv);
  const fail = (errors: string[]) => ({
    kind: 'exit' as const,
    code: 1,
    stdout: '',
    stderr: errors.map((e) => `Error: ${e}\n`).join(''),
  });
  if (parsed.errors.length > 0) return fail(parsed.errors);
  if (parsed.values['help'] === true) return { kind: 'exit', code: 0, stdout: `${controllerManagerHelp()}\n`, stderr: '' };
  if (parsed.args.some((a) => a !== '')) {
    return fail([`${JSON.stringify(CONTROLLER_MANAGER_COMMAND)} does not take any arguments, got ${JSON.stringify(parsed.args)}`]);
  }
  const version = parsed.values['version'];
  if (version === 'true' || version === 'raw') {
    return { kind: 'exit', code: 0, stdout: `${formatVersionFlag(parsed.values, version === 'raw')}\n`, stderr: '' };
  }
  const result = validateControllerManagerOptions(parsed.values);
  if (result.errors.length > 0) return fail(result.errors);
  return { kind: 'run', values: parsed.values, featureGates: result.gates, warnings: result.warnings };
}
