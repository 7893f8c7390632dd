// From orch-controller-manager's argv to either options to run with or an exit (help, version,
// errors).
import {
  CONTROLLER_MANAGER_COMMAND, CONTROLLER_MANAGER_DESCRIPTION, controllerManagerFlags, controllerManagerGroupOrder,
} from './controllermanager-flags.ts';
import { commandHelp, loadCommandOptions, type CommandDefinition, type LoadedOptions } from './command-loader.ts';
import { validateControllerManagerOptions } from './controllermanager-validate.ts';
import { controllerManagerOptions, type ControllerManagerOptions } from './controllermanager-options.ts';

export type LoadedControllerManagerOptions = LoadedOptions<ControllerManagerOptions>;

const controllerManagerCommand: CommandDefinition<ControllerManagerOptions> = {
  command: CONTROLLER_MANAGER_COMMAND,
  description: CONTROLLER_MANAGER_DESCRIPTION,
  flags: controllerManagerFlags,
  groupOrder: controllerManagerGroupOrder,
  validate: validateControllerManagerOptions,
  build: controllerManagerOptions,
};

export function controllerManagerHelp(): string {
  return commandHelp(controllerManagerCommand);
}

export function loadControllerManagerOptions(argv: string[]): LoadedControllerManagerOptions {
  return loadCommandOptions(controllerManagerCommand, argv);
}
