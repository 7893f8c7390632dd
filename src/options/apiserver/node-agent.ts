// orch-apiserver's rows for connecting to node agents (pods' log, exec, attach and port-forward,
// nodes' proxy); node-agent-options.ts reads them into a typed object.
import type { FlagSpec } from '../flag.ts';
import { NODE_AGENT as group } from './groups.ts';

export const nodeAgentAddressTypes: readonly string[] = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'];

export const nodeAgentFlags: readonly FlagSpec[] = [
  { name: 'nodeagent-certificate-authority', type: 'string', group, status: 'implemented',
    help: 'Path to a cert file for the certificate authority.' },
  { name: 'nodeagent-client-certificate', type: 'string', group, status: 'implemented',
    help: 'Path to a client cert file for TLS.' },
  { name: 'nodeagent-client-key', type: 'string', group, status: 'implemented',
    help: 'Path to a client key file for TLS.' },
  { name: 'nodeagent-preferred-address-types', type: 'strings', default: nodeAgentAddressTypes.join(','), group, status: 'implemented',
    help: 'List of the preferred NodeAddressTypes to use for node agent connections.' },
  { name: 'nodeagent-timeout', type: 'duration', default: '5s', group, status: 'implemented',
    help: 'Timeout for node agent operations.' },
];
