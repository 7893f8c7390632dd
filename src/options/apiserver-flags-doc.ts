// The content of docs/flags.md for orch-apiserver.
import { formatFlagsDoc } from './flags-doc.ts';
import { APISERVER_COMMAND, apiserverFlags, apiserverGroupOrder } from './apiserver-flags.ts';

export function apiserverFlagsDoc(): string {
  return formatFlagsDoc(
    `${APISERVER_COMMAND} options`,
    `Every option of \`${APISERVER_COMMAND}\`, by group, with its type, default and how far it is implemented. ` +
      'Options marked "not yet" are accepted and print a warning at start-up.',
    apiserverFlags,
    apiserverGroupOrder,
  );
}
