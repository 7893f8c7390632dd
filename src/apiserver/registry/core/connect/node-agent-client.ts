// How the server connects to node agents, from the --nodeagent-* options: the client certificate
// it presents, the authority the agent's serving certificate is checked against (none given: not
// checked, as Kubernetes does), the address types tried in order and the dial timeout. The files
// are read once, when the server is built; one that cannot be read stops the start.
import { readFileSync } from 'node:fs';
import type { NodeAgentOptions } from '../../../../options/apiserver/node-agent-options.ts';
import type { EgressDialer } from '../../../egress/selector.ts';

/** TLS settings of a client connection. */
export interface ClientTls {
  ca?: string;
  cert?: string;
  key?: string;
  /** False: the server's certificate is not checked. */
  verify: boolean;
}

export interface NodeAgentClient {
  tls: ClientTls;
  dialTimeoutMs: number;
  preferredAddressTypes: readonly string[];
  /** The egress selector's cluster dialer: agents, pods and endpoints are reached through it. */
  egress?: EgressDialer;
}

type ReadFile = (path: string) => string;

function readOption(read: ReadFile, flag: string, path: string): string | undefined {
  if (path === '') return undefined;
  try {
    return read(path);
  } catch (err) {
    throw new Error(`--${flag}: cannot read ${path}: ${(err as Error).message}`);
  }
}

export function nodeAgentClient(options: NodeAgentOptions, read: ReadFile = (path) => readFileSync(path, 'utf8')): NodeAgentClient {
  const ca = readOption(read, 'nodeagent-certificate-authority', options.certificateAuthority);
  return {
    tls: {
      ca,
      cert: readOption(read, 'nodeagent-client-certificate', options.clientCertificate),
      key: readOption(read, 'nodeagent-client-key', options.clientKey),
      verify: ca !== undefined,
    },
    dialTimeoutMs: options.timeoutMs,
    preferredAddressTypes: options.preferredAddressTypes,
  };
}
