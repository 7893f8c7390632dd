// The content of docs/flags-controller-manager.md.
import { formatFlagsDoc } from './flags-doc.ts';
import { CONTROLLER_MANAGER_COMMAND, controllerManagerFlags, controllerManagerGroupOrder } from './controllermanager-flags.ts';

export function controllerManagerFlagsDoc(): string {
  return formatFlagsDoc(
    `${CONTROLLER_MANAGER_COMMAND} options`,
    `Every option of \`${CONTROLLER_MANAGER_COMMAND}\`, by group, with its type, default and how far it is implemented. ` +
      'Options marked "not yet" are accepted and print a warning at start-up.',
    controllerManagerFlags,
    controllerManagerGroupOrder,
  );
}
