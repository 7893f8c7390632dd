// The processes `orch up` runs, and the flags each gets. The apiserver starts first; components
// that talk to it (orch-controller-manager, orch-scheduler, orch-nodeagent) start after /readyz
// answers ok.
import { fileURLToPath } from 'node:url';
import { apiserverArgs, controllerManagerArgs, nodeAgentArgs, schedulerArgs } from '../options/command-line.ts';
import type { DataDirLayout } from './layout.ts';
import { FRONT_PROXY_CLIENT_NAME, type PkiFiles } from './pki.ts';

export interface ComponentContext {
  layout: DataDirLayout;
  pki: PkiFiles;
  port: number;
  /** Flags given after `--`, for orch-apiserver. */
  apiserverArgs: string[];
  /** Simulated nodes for orch-nodeagent (1 when not said; 0: no node agent). */
  nodes?: number;
}

export interface Component {
  name: string;
  /** Executable to run (a launcher under bin/). */
  command: string;
  args: string[];
}

const BIN_DIR = fileURLToPath(new URL('../../bin/', import.meta.url));

/** The issuer of service account tokens, as clusters name it in-cluster (kubernetes.default.svc). */
export const SERVICE_ACCOUNT_ISSUER = 'https://orch.default.svc.cluster.local';

/** The services' cluster IP range, as kubeadm sets it up. */
export const SERVICE_CLUSTER_IP_RANGE = '10.96.0.0/12';

/** The apiserver keeps the embedded store in --data-dir (orch.db there) when no --kvstore-servers is given. */
export function apiserverComponent(ctx: ComponentContext): Component {
  // A flag given after `--` replaces ours rather than adding to it (list flags append on repeat).
  const ours = apiserverArgs({
    dataDir: ctx.layout.root,
    certDir: ctx.layout.pkiDir,
    tlsCertFile: ctx.pki.servingCertFile,
    tlsPrivateKeyFile: ctx.pki.servingKeyFile,
    tokenAuthFile: ctx.layout.tokenFile,
    // As kubeadm sets it up: RBAC with its bootstrap policy, so permissions behave as on a cluster.
    authorizationModes: ['Node', 'RBAC'],
    serviceAccountIssuer: SERVICE_ACCOUNT_ISSUER,
    serviceAccountSigningKeyFile: ctx.pki.serviceAccountKeyFile,
    serviceAccountKeyFile: ctx.pki.serviceAccountPublicKeyFile,
    bindAddress: '127.0.0.1',
    securePort: ctx.port,
    // kubeadm's range, rather than the flag's deprecated default.
    serviceClusterIPRange: SERVICE_CLUSTER_IP_RANGE,
    // As kubeadm runs it: privileged pods allowed, Pod Security decides per namespace.
    allowPrivileged: true,
    // Node agents serve with a certificate of the data directory's CA and accept the server's own.
    nodeAgentCertificateAuthority: ctx.pki.caCertFile,
    nodeAgentClientCertificate: ctx.pki.nodeAgentClientCertFile,
    nodeAgentClientKey: ctx.pki.nodeAgentClientKeyFile,
    // As kubeadm sets it: an address first, since the simulated nodes' host names do not resolve.
    nodeAgentPreferredAddressTypes: ['InternalIP', 'ExternalIP', 'Hostname'],
    // As kubeadm sets up the front proxy: the aggregator presents its client certificate to extension
    // API servers (the node agents' metrics API) and names the user in these headers.
    requestheaderClientCAFile: ctx.pki.frontProxyCaCertFile,
    requestheaderAllowedNames: [FRONT_PROXY_CLIENT_NAME],
    requestheaderUsernameHeaders: ['X-Remote-User'],
    requestheaderGroupHeaders: ['X-Remote-Group'],
    requestheaderExtraHeadersPrefix: ['X-Remote-Extra-'],
    proxyClientCertFile: ctx.pki.frontProxyClientCertFile,
    proxyClientKeyFile: ctx.pki.frontProxyClientKeyFile,
  }, flagNames(ctx.apiserverArgs));
  return {
    name: 'orch-apiserver',
    command: BIN_DIR + 'orch-apiserver',
    args: [...ours, ...ctx.apiserverArgs],
  };
}

/** Long flag names (without dashes) present in an argument list. */
export function flagNames(args: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const arg of args) {
    const match = /^--([^=]+)/.exec(arg);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/**
 * Components started once the apiserver is ready, each reaching it through the admin orchconfig.
 * The controller manager serves no port of its own (--secure-port=0), and the node agents take
 * free ports (--port=0), so several `orch up` on one machine do not collide. The controller manager
 * signs approved certificate signing requests with the data directory's CA (the one that verifies
 * the apiserver) and legacy token Secrets with the service account key the apiserver verifies.
 * The scheduler runs even without simulated nodes, for agents started some other way.
 */
export function afterReadyComponents(ctx: ComponentContext): Component[] {
  const nodes = ctx.nodes ?? 1;
  const components: Component[] = [
    {
      name: 'orch-controller-manager',
      command: BIN_DIR + 'orch-controller-manager',
      args: controllerManagerArgs({
        orchconfig: ctx.layout.orchconfig,
        securePort: 0,
        rootCAFile: ctx.pki.caCertFile,
        clusterSigningCertFile: ctx.pki.caCertFile,
        clusterSigningKeyFile: ctx.pki.caKeyFile,
        serviceAccountPrivateKeyFile: ctx.pki.serviceAccountKeyFile,
      }),
    },
    { name: 'orch-scheduler', command: BIN_DIR + 'orch-scheduler', args: schedulerArgs({ orchconfig: ctx.layout.orchconfig }) },
  ];
  if (nodes > 0) {
    components.push({
      name: 'orch-nodeagent',
      command: BIN_DIR + 'orch-nodeagent',
      args: nodeAgentArgs({
        orchconfig: ctx.layout.orchconfig,
        nodes,
        port: 0,
        tlsCertFile: ctx.pki.nodeAgentServingCertFile,
        tlsPrivateKeyFile: ctx.pki.nodeAgentServingKeyFile,
        clientCAFile: ctx.pki.caCertFile,
        // The resource metrics API, registered by the agent (it alone knows the port) and verified
        // with the CA that signed its serving certificate.
        metricsApiPort: 0,
        metricsApiCAFile: ctx.pki.caCertFile,
      }),
    });
  }
  return components;
}
