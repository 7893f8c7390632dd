// Command lines for the daemons another process starts (`orch up` supervises them): typed settings
// in, `--name=value` arguments out, so the flag names a parent writes live here beside the tables
// rather than in the code that spawns the child. Lists are written comma-separated, as the parser
// reads them back.
// Type aliases rather than interfaces, so that they are records of settings.
export type ApiserverCommandLine = {
  dataDir: string;
  certDir: string;
  tlsCertFile: string;
  tlsPrivateKeyFile: string;
  tokenAuthFile: string;
  authorizationModes: string[];
  serviceAccountIssuer: string;
  serviceAccountSigningKeyFile: string;
  serviceAccountKeyFile: string;
  bindAddress: string;
  securePort: number;
  serviceClusterIPRange: string;
  allowPrivileged: boolean;
  /** How the server reaches node agents: the authority of their certificates, its own certificate. */
  nodeAgentCertificateAuthority: string;
  nodeAgentClientCertificate: string;
  nodeAgentClientKey: string;
  nodeAgentPreferredAddressTypes: string[];
  /** The aggregator's identity to extension API servers: the front proxy CA, the names and headers they read. */
  requestheaderClientCAFile: string;
  requestheaderAllowedNames: string[];
  requestheaderUsernameHeaders: string[];
  requestheaderGroupHeaders: string[];
  requestheaderExtraHeadersPrefix: string[];
  proxyClientCertFile: string;
  proxyClientKeyFile: string;
};

export type ControllerManagerCommandLine = {
  orchconfig: string;
  /** 0 : no HTTPS. */
  securePort: number;
  rootCAFile: string;
  /** The CA that signs approved certificate signing requests of the built-in signers. */
  clusterSigningCertFile: string;
  clusterSigningKeyFile: string;
  /** Signs legacy service account token Secrets. */
  serviceAccountPrivateKeyFile: string;
};

export type SchedulerCommandLine = {
  orchconfig: string;
};

export type NodeAgentCommandLine = {
  orchconfig: string;
  nodes: number;
  /** 0: each node's agent picks a free port. */
  port: number;
  tlsCertFile: string;
  tlsPrivateKeyFile: string;
  clientCAFile: string;
  /** 0: the metrics API on a free port. */
  metricsApiPort: number;
  /** The CA the registered APIService verifies the agents' serving certificate with. */
  metricsApiCAFile: string;
};

type Setting = string | number | boolean | string[];

/** Each setting's flag, in the order the arguments are written. */
export const apiserverCommandLineFlags: Readonly<Record<keyof ApiserverCommandLine, string>> = {
  dataDir: 'data-dir',
  certDir: 'cert-dir',
  tlsCertFile: 'tls-cert-file',
  tlsPrivateKeyFile: 'tls-private-key-file',
  tokenAuthFile: 'token-auth-file',
  authorizationModes: 'authorization-mode',
  serviceAccountIssuer: 'service-account-issuer',
  serviceAccountSigningKeyFile: 'service-account-signing-key-file',
  serviceAccountKeyFile: 'service-account-key-file',
  bindAddress: 'bind-address',
  securePort: 'secure-port',
  serviceClusterIPRange: 'service-cluster-ip-range',
  allowPrivileged: 'allow-privileged',
  nodeAgentCertificateAuthority: 'nodeagent-certificate-authority',
  nodeAgentClientCertificate: 'nodeagent-client-certificate',
  nodeAgentClientKey: 'nodeagent-client-key',
  nodeAgentPreferredAddressTypes: 'nodeagent-preferred-address-types',
  requestheaderClientCAFile: 'requestheader-client-ca-file',
  requestheaderAllowedNames: 'requestheader-allowed-names',
  requestheaderUsernameHeaders: 'requestheader-username-headers',
  requestheaderGroupHeaders: 'requestheader-group-headers',
  requestheaderExtraHeadersPrefix: 'requestheader-extra-headers-prefix',
  proxyClientCertFile: 'proxy-client-cert-file',
  proxyClientKeyFile: 'proxy-client-key-file',
};

export const controllerManagerCommandLineFlags: Readonly<Record<keyof ControllerManagerCommandLine, string>> = {
  orchconfig: 'orchconfig',
  securePort: 'secure-port',
  rootCAFile: 'root-ca-file',
  clusterSigningCertFile: 'cluster-signing-cert-file',
  clusterSigningKeyFile: 'cluster-signing-key-file',
  serviceAccountPrivateKeyFile: 'service-account-private-key-file',
};

export const schedulerCommandLineFlags: Readonly<Record<keyof SchedulerCommandLine, string>> = {
  orchconfig: 'orchconfig',
};

export const nodeAgentCommandLineFlags: Readonly<Record<keyof NodeAgentCommandLine, string>> = {
  orchconfig: 'orchconfig',
  nodes: 'nodes',
  port: 'port',
  tlsCertFile: 'tls-cert-file',
  tlsPrivateKeyFile: 'tls-private-key-file',
  clientCAFile: 'client-ca-file',
  metricsApiPort: 'metrics-api-port',
  metricsApiCAFile: 'metrics-api-ca-file',
};

function commandLine<T extends Readonly<Record<string, Setting>>>(flags: Readonly<Record<keyof T & string, string>>, settings: T, leaveOut: ReadonlySet<string>): string[] {
  const args: string[] = [];
  for (const [field, name] of Object.entries(flags) as Array<[keyof T & string, string]>) {
    if (leaveOut.has(name)) continue;
    const value = settings[field];
    args.push(`--${name}=${Array.isArray(value) ? value.join(',') : String(value)}`);
  }
  return args;
}

/** The API server's arguments, without the flags named in `leaveOut` (long names, no dashes). */
export function apiserverArgs(settings: ApiserverCommandLine, leaveOut: ReadonlySet<string> = new Set()): string[] {
  return commandLine(apiserverCommandLineFlags, settings, leaveOut);
}

export function controllerManagerArgs(settings: ControllerManagerCommandLine): string[] {
  return commandLine(controllerManagerCommandLineFlags, settings, new Set());
}

export function schedulerArgs(settings: SchedulerCommandLine): string[] {
  return commandLine(schedulerCommandLineFlags, settings, new Set());
}

export function nodeAgentArgs(settings: NodeAgentCommandLine): string[] {
  return commandLine(nodeAgentCommandLineFlags, settings, new Set());
}
