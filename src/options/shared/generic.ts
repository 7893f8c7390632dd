// --help and --version, which every command has.
import type { FlagSpec } from '../flag.ts';

export function genericFlags(group: string, command: string): FlagSpec[] {
  return [
    { name: 'version', type: 'string', default: 'false', optionalValue: 'true', group, status: 'implemented', valueName: 'version[=true]',
      help: '--version, --version=raw prints version information and quits; --version=vX.Y.Z... sets the reported version' },
    { name: 'help', short: 'h', type: 'bool', group, status: 'implemented',
      help: `help for ${command}` },
  ];
}
