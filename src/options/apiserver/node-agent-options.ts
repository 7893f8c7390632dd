// orch-apiserver's --nodeagent-* rows as a typed options object: how the server reaches a node's
// agent for pods' logs, exec, attach and port-forward and for nodes' proxy. node-agent-validate.ts
// has already checked the address types, the certificate and key pair, and the timeout.
import type { OptionReader } from '../option-reader.ts';

export interface NodeAgentOptions {
  /** PEM file the agent's serving certificate is checked against; '' skips the check, as Kubernetes does. */
  certificateAuthority: string;
  /** PEM files of the client certificate presented to agents ('' for none). */
  clientCertificate: string;
  clientKey: string;
  /** Node address types in the order they are tried (Hostname, InternalDNS, InternalIP, ExternalDNS, ExternalIP). */
  preferredAddressTypes: string[];
  /** How long dialling an agent may take. */
  timeoutMs: number;
}

export function nodeAgentOptions(r: OptionReader): NodeAgentOptions {
  return {
    certificateAuthority: r.string('nodeagent-certificate-authority'),
    clientCertificate: r.string('nodeagent-client-certificate'),
    clientKey: r.string('nodeagent-client-key'),
    preferredAddressTypes: r.nonEmptyStrings('nodeagent-preferred-address-types'),
    timeoutMs: r.positiveNumber('nodeagent-timeout'),
  };
}
