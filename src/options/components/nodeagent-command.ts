// orch-nodeagent's command line: the simulated nodes it registers, how it reaches the API server,
// how it serves (logs for the API server, over HTTPS with a client certificate), how often it
// reports, and how long simulated containers take. Rows, typed options, rules and the loader.
import { isIP } from 'node:net';
import type { FlagSpec, FlagValues } from '../flag.ts';
import { commandHelp, loadCommandOptions, type CommandDefinition, type LoadedOptions } from '../command-loader.ts';
import { optionReader } from '../option-reader.ts';
import { loggingOptions } from '../shared/logging-options.ts';
import { map, num, str, type ValidationContext } from '../validation-context.ts';
import { parseQuantity } from '../../machinery/quantity/quantity.ts';
import type { LoggingOptions } from '../../component-base/logs/logging-options.ts';
import { apiClientFlags, apiClientOptions, validateApiClientRows, type ApiClientOptions } from './api-client.ts';
import { commonComponentFlags, componentValidator, GENERIC_GROUP, LOGGING_GROUP } from './component-command.ts';

export const NODE_AGENT_COMMAND = 'orch-nodeagent';

const NODES = 'Simulated nodes';
const SERVING = 'Serving';
const REPORTING = 'Status reporting';
const CLIENT = 'API client';

/** The most nodes one agent simulates: each gets a /24 of 10.244.0.0/16 after its number. */
export const MAX_SIMULATED_NODES = 255;

export const nodeAgentFlags: readonly FlagSpec[] = [
  { name: 'nodes', type: 'int', default: '1', group: NODES, status: 'implemented',
    help: `Number of simulated nodes to register and run pods for (at most ${MAX_SIMULATED_NODES}).` },
  { name: 'node-name-prefix', type: 'string', default: 'orch-node-', group: NODES, status: 'implemented',
    help: 'Nodes are named this prefix followed by their number, from --first-node-number.' },
  { name: 'first-node-number', type: 'int', default: '1', group: NODES, status: 'implemented',
    help: `The number of the first node; the next ones follow. A node's number names it and picks its pod CIDR (10.244.<number>.0/24), so an agent started beside another takes numbers the other does not use (at most ${MAX_SIMULATED_NODES}).` },
  { name: 'node-ip', type: 'string', default: '127.0.0.1', group: NODES, status: 'implemented',
    help: 'The InternalIP every simulated node reports; they share it and differ by port.' },
  { name: 'node-capacity', type: 'map', default: 'cpu=4,memory=16Gi,ephemeral-storage=100Gi', group: NODES, status: 'implemented', valueName: 'mapStringString',
    help: 'Capacity (and allocatable) of each simulated node, as resource=quantity pairs.' },
  { name: 'max-pods', type: 'int', default: '110', group: NODES, status: 'implemented',
    help: 'Number of pods each simulated node can run.' },
  { name: 'container-start-duration', type: 'duration', default: '100ms', group: NODES, status: 'implemented',
    help: 'How long a simulated container takes from pull to start.' },
  { name: 'container-run-duration', type: 'duration', default: '1s', group: NODES, status: 'implemented',
    help: 'How long a simulated container runs before it exits when its pod restarts it only on failure or never, and for init containers; the nodeagent.orch.io/run-seconds annotation overrides it.' },
  { name: 'address', type: 'string', default: '127.0.0.1', group: SERVING, status: 'implemented',
    help: 'The IP address the agents serve on.' },
  { name: 'port', type: 'int', default: '10250', group: SERVING, status: 'implemented',
    help: 'The port of the first node\'s agent; each next node serves on the next port. 0: each picks a free port.' },
  { name: 'tls-cert-file', type: 'string', group: SERVING, status: 'implemented',
    help: 'File containing the x509 certificate the agents serve with.' },
  { name: 'tls-private-key-file', type: 'string', group: SERVING, status: 'implemented',
    help: 'File containing the x509 private key matching --tls-cert-file.' },
  { name: 'client-ca-file', type: 'string', group: SERVING, status: 'implemented',
    help: 'Requests must present a client certificate signed by one of the authorities in this file.' },
  { name: 'metrics-api-port', type: 'int', default: '-1', group: SERVING, status: 'implemented',
    help: 'The port the resource metrics API (metrics.k8s.io, what kubectl top and horizontal pod autoscalers read) is served on for all of this agent\'s nodes, with --tls-cert-file, to the API server\'s aggregator only. 0: a free port; -1: not served.' },
  { name: 'metrics-api-service', type: 'string', default: 'orch-system/nodeagent-metrics', group: SERVING, status: 'implemented',
    help: 'When the metrics API is served, the agent registers it at start: an ExternalName Service of this namespace/name for its address and the APIService v1beta1.metrics.k8s.io pointing at it. Empty: nothing is registered.' },
  { name: 'metrics-api-ca-file', type: 'string', group: SERVING, status: 'implemented',
    help: 'The CA bundle the registered APIService verifies --tls-cert-file with; the certificate must name <service>.<namespace>.svc. Without it the APIService skips verification.' },
  { name: 'node-status-update-frequency', type: 'duration', default: '10s', group: REPORTING, status: 'implemented',
    help: 'How often each node computes its status, and renews its Lease in orch-node-lease.' },
  { name: 'node-status-report-frequency', type: 'duration', default: '5m0s', group: REPORTING, status: 'implemented',
    help: 'How often a node posts its status when nothing in it changed.' },
  { name: 'node-lease-duration-seconds', type: 'int', default: '40', group: REPORTING, status: 'implemented',
    help: 'The duration of each node\'s Lease.' },
  { name: 'remove-not-ready-taint', type: 'bool', default: 'false', group: REPORTING, status: 'implemented',
    help: 'Lift the node.orch.io/not-ready:NoSchedule taint admission puts on a new node once the node reports Ready, as the node lifecycle controller does; only for clusters where that controller does not run (orch up runs it).' },
  ...apiClientFlags(CLIENT, { qps: 500, burst: 1000 }),
  { name: 'event-qps', type: 'float', default: '100', group: CLIENT, status: 'implemented',
    help: 'QPS of the Events the agent writes, apart from its other requests.' },
  { name: 'event-burst', type: 'int', default: '200', group: CLIENT, status: 'implemented',
    help: 'Burst of the Events the agent writes.' },
  ...commonComponentFlags(NODE_AGENT_COMMAND),
];

export interface NodeAgentOptions {
  nodes: number;
  nodeNamePrefix: string;
  /** The number of the first node: names and pod CIDRs follow from it. */
  firstNodeNumber: number;
  nodeIP: string;
  /** Resource name → quantity, as given (pods comes from maxPods). */
  capacity: Record<string, string>;
  maxPods: number;
  containerStartMs: number;
  containerRunMs: number;
  address: string;
  port: number;
  tlsCertFile: string;
  tlsPrivateKeyFile: string;
  clientCAFile: string;
  /** -1: the metrics API is not served; 0: on a free port. */
  metricsApiPort: number;
  /** namespace/name, or '' for no registration. */
  metricsApiService: string;
  metricsApiCAFile: string;
  statusUpdateMs: number;
  statusReportMs: number;
  leaseDurationSeconds: number;
  removeNotReadyTaint: boolean;
  client: ApiClientOptions;
  eventQps: number;
  eventBurst: number;
  logging: LoggingOptions;
}

function nodeAgentOptions(values: FlagValues): NodeAgentOptions {
  const r = optionReader(nodeAgentFlags, values);
  return {
    nodes: r.number('nodes'),
    nodeNamePrefix: r.string('node-name-prefix'),
    firstNodeNumber: r.number('first-node-number'),
    nodeIP: r.string('node-ip'),
    capacity: r.map('node-capacity'),
    maxPods: r.number('max-pods'),
    containerStartMs: r.number('container-start-duration'),
    containerRunMs: r.number('container-run-duration'),
    address: r.string('address'),
    port: r.number('port'),
    tlsCertFile: r.string('tls-cert-file'),
    tlsPrivateKeyFile: r.string('tls-private-key-file'),
    clientCAFile: r.string('client-ca-file'),
    metricsApiPort: r.number('metrics-api-port'),
    metricsApiService: r.string('metrics-api-service'),
    metricsApiCAFile: r.string('metrics-api-ca-file'),
    statusUpdateMs: r.number('node-status-update-frequency'),
    statusReportMs: r.number('node-status-report-frequency'),
    leaseDurationSeconds: r.number('node-lease-duration-seconds'),
    removeNotReadyTaint: r.bool('remove-not-ready-taint'),
    client: apiClientOptions(r),
    eventQps: r.number('event-qps'),
    eventBurst: r.number('event-burst'),
    logging: loggingOptions(r),
  };
}

function validateNodeAgent(ctx: ValidationContext): void {
  const nodes = num(ctx, 'nodes') ?? 1;
  if (nodes < 0 || nodes > MAX_SIMULATED_NODES) ctx.errors.push(`--nodes must be between 0 and ${MAX_SIMULATED_NODES}, got ${nodes}`);
  const first = num(ctx, 'first-node-number') ?? 1;
  if (first < 1 || first + Math.max(nodes, 1) - 1 > MAX_SIMULATED_NODES) ctx.errors.push(`--first-node-number ${first} with --nodes ${nodes} must number the nodes from 1 to ${MAX_SIMULATED_NODES}`);
  if (!/^[a-z0-9]([-a-z0-9.]*[-a-z0-9.])?$/.test(str(ctx, 'node-name-prefix') || 'orch-node-')) ctx.errors.push('--node-name-prefix must start a lowercase DNS subdomain');
  for (const name of ['node-ip', 'address']) {
    const value = str(ctx, name);
    if (value !== '' && !isIP(value)) ctx.errors.push(`--${name} ${JSON.stringify(value)} is not an IP address`);
  }
  for (const [resource, quantity] of Object.entries(map(ctx, 'node-capacity'))) {
    try {
      parseQuantity(quantity);
    } catch (err) {
      ctx.errors.push(`--node-capacity ${resource}=${quantity}: ${(err as Error).message}`);
    }
  }
  if ((num(ctx, 'max-pods') ?? 110) < 1) ctx.errors.push('--max-pods must be at least 1');
  const port = num(ctx, 'port') ?? 10250;
  if (port < 0 || port + Math.max(nodes, 1) - 1 > 65535) ctx.errors.push(`--port ${port} leaves no port for every node`);
  const serving = ['tls-cert-file', 'tls-private-key-file', 'client-ca-file'].filter((name) => str(ctx, name) === '');
  if (serving.length) ctx.errors.push(`${serving.map((n) => `--${n}`).join(', ')} must be given: the agents serve HTTPS and authenticate the API server by its client certificate`);
  for (const name of ['node-status-update-frequency', 'node-status-report-frequency']) {
    if ((num(ctx, name) ?? 1) <= 0) ctx.errors.push(`--${name} must be a positive duration`);
  }
  for (const name of ['container-start-duration', 'container-run-duration']) {
    if ((num(ctx, name) ?? 0) < 0) ctx.errors.push(`--${name} must not be negative`);
  }
  if ((num(ctx, 'node-lease-duration-seconds') ?? 40) < 1) ctx.errors.push('--node-lease-duration-seconds must be at least 1');
  if ((num(ctx, 'event-qps') ?? 1) <= 0) ctx.errors.push('--event-qps must be positive');
  const metricsPort = num(ctx, 'metrics-api-port') ?? -1;
  if (metricsPort < -1 || metricsPort > 65535) ctx.errors.push(`--metrics-api-port must be between -1 and 65535, got ${metricsPort}`);
  const metricsService = str(ctx, 'metrics-api-service');
  if (metricsService !== '' && !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?\/[a-z]([-a-z0-9]*[a-z0-9])?$/.test(metricsService)) ctx.errors.push(`--metrics-api-service must be namespace/name, got ${JSON.stringify(metricsService)}`);
  if ((num(ctx, 'event-burst') ?? 1) < 1) ctx.errors.push('--event-burst must be at least 1');
}

const nodeAgentCommand: CommandDefinition<NodeAgentOptions> = {
  command: NODE_AGENT_COMMAND,
  description:
    'The orch node agent plays the part of the agent on each node for simulated nodes: it registers them, keeps their ' +
    'Leases and status current, and runs the pods bound to them without a container runtime: containers start, become ' +
    'ready, exit and restart as the pods ask, and their logs tell what happened to them. It is an ordinary client of ' +
    'the API server.',
  flags: nodeAgentFlags,
  groupOrder: [NODES, SERVING, REPORTING, CLIENT, LOGGING_GROUP, GENERIC_GROUP],
  validate: componentValidator(nodeAgentFlags, [validateNodeAgent, validateApiClientRows]),
  build: nodeAgentOptions,
};

export function nodeAgentHelp(): string {
  return commandHelp(nodeAgentCommand);
}

export function loadNodeAgentOptions(argv: string[]): LoadedOptions<NodeAgentOptions> {
  return loadCommandOptions(nodeAgentCommand, argv);
}
