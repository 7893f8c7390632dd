// From orch-apiserver's argv to either options to run with or an exit (help, version, errors).
import { APISERVER_COMMAND, APISERVER_DESCRIPTION, apiserverFlags, apiserverGroupOrder } from './apiserver-flags.ts';
import { commandHelp, loadCommandOptions, type CommandDefinition, type LoadedOptions } from './command-loader.ts';
import { validateWithGates } from './apiserver-validate.ts';

export type LoadedApiserverOptions = LoadedOptions;

const apiserverCommand: CommandDefinition = {
  command: APISERVER_COMMAND,
  description: APISERVER_DESCRIPTION,
  flags: apiserverFlags,
  groupOrder: apiserverGroupOrder,
  validate: (values) => {
    const { result, gates } = validateWithGates(values);
    return { ...result, gates };
  },
};

export function apiserverHelp(): string {
  return commandHelp(apiserverCommand);
}

export function loadApiserverOptions(argv: string[]): LoadedApiserverOptions {
  return loadCommandOptions(apiserverCommand, argv);
}
