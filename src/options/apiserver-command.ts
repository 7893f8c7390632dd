// From orch-apiserver's argv to either options to run with or an exit (help, version, errors).
import { APISERVER_COMMAND, APISERVER_DESCRIPTION, apiserverFlags, apiserverGroupOrder } from './apiserver-flags.ts';
import { commandHelp, loadCommandOptions, type CommandDefinition, type LoadedOptions } from './command-loader.ts';
import { validateWithGates } from './apiserver-validate.ts';
import { apiserverOptions, type ApiserverOptions } from './apiserver-options.ts';

export type LoadedApiserverOptions = LoadedOptions<ApiserverOptions>;

const apiserverCommand: CommandDefinition<ApiserverOptions> = {
  command: APISERVER_COMMAND,
  description: APISERVER_DESCRIPTION,
  flags: apiserverFlags,
  groupOrder: apiserverGroupOrder,
  validate: (values) => {
    const { result, gates } = validateWithGates(values);
    return { ...result, gates };
  },
  build: apiserverOptions,
};

export function apiserverHelp(): string {
  return commandHelp(apiserverCommand);
}

export function loadApiserverOptions(argv: string[]): LoadedApiserverOptions {
  return loadCommandOptions(apiserverCommand, argv);
}
