// From orch-apiserver's argv to either options to run with or an exit (help, version, errors):
// parse, then --help, then --version, then validation.
import type { FlagValues } from './flag.ts';
import type { FeatureGates } from '../component-base/featuregate/feature-gates.ts';
import { formatVersionFlag } from '../component-base/version/version.ts';
import { APISERVER_COMMAND, APISERVER_DESCRIPTION, apiserverFlags, apiserverGroupOrder } from './apiserver-flags.ts';
import { formatHelp } from './help.ts';
import { parseFlags } from './parse.ts';
import { validateWithGates } from './apiserver-validate.ts';

export type LoadedApiserverOptions =
  | { kind: 'run'; values: FlagValues; featureGates: FeatureGates; warnings: string[] }
  | { kind: 'exit'; code: number; stdout: string; stderr: string };

export function apiserverHelp(): string {
  return formatHelp(APISERVER_COMMAND, APISERVER_DESCRIPTION, apiserverFlags, [...apiserverGroupOrder]);
}

export function loadApiserverOptions(argv: string[]): LoadedApiserverOptions {
  const parsed = parseFlags(apiserverFlags, argv);
  const fail = (errors: string[]) => ({
    kind: 'exit' as const,
    code: 1,
    stdout: '',
    stderr: errors.map((e) => `Error: ${e}\n`).join(''),
  });
  if (parsed.errors.length > 0) return fail(parsed.errors);
  if (parsed.values['help'] === true) return { kind: 'exit', code: 0, stdout: `${apiserverHelp()}\n`, stderr: '' };
  if (parsed.args.some((a) => a !== '')) {
    return fail([`${JSON.stringify(APISERVER_COMMAND)} does not take any arguments, got ${JSON.stringify(parsed.args)}`]);
  }
  const version = parsed.values['version'];
  if (version === 'true' || version === 'raw') {
    return { kind: 'exit', code: 0, stdout: `${formatVersionFlag(parsed.values, version === 'raw')}\n`, stderr: '' };
  }
  const { result, gates } = validateWithGates(parsed.values);
  if (result.errors.length > 0) return fail(result.errors);
  return { kind: 'run', values: parsed.values, featureGates: gates, warnings: result.warnings };
}
