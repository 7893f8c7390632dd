// A simulated node as the API shows it: the Node the agent registers (labels a node agent sets,
// its pod CIDR) and the status it reports: capacity and allocatable, the shared loopback address
// and the node's own name, the port its agent serves on, system info, and the four conditions of a
// healthy node, whose transition times are kept while they hold.
import { createHash, randomUUID } from 'node:crypto';
import { release } from 'node:os';
import type { Node, NodeCondition, NodeStatus } from '../api/core/v1/node-types.ts';
import { BINARY_GIT_VERSION } from '../component-base/version/version.ts';
import { rfc3339 } from './container-run.ts';
import { ANN_CONTROLLER_MANAGED_ATTACH_DETACH } from '../api/core/v1/well-known-volume-annotations.ts';

export interface SimulatedNodeConfig {
  name: string;
  /** 1 for the first node. */
  number: number;
  podCIDR: string;
  nodeIP: string;
  /** The port its agent serves on (daemonEndpoints.kubeletEndpoint). */
  port: number;
  capacity: Record<string, string>;
}

/** Marks a Node as one this agent simulates. */
export const SIMULATED_ANNOTATION = 'nodeagent.orch.io/simulated';

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x' };
const architecture = ARCH[process.arch] ?? process.arch;
/** One boot of the agent is one boot of its nodes. */
const BOOT_ID = randomUUID();

export function nodeLabels(name: string): Record<string, string> {
  return {
    'beta.orch.io/arch': architecture,
    'beta.orch.io/os': 'linux',
    'orch.io/arch': architecture,
    'orch.io/hostname': name,
    'orch.io/os': 'linux',
  };
}

/** The Node as first registered. */
export function nodeToRegister(config: SimulatedNodeConfig): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: config.name, labels: nodeLabels(config.name), annotations: { [SIMULATED_ANNOTATION]: 'true', [ANN_CONTROLLER_MANAGED_ATTACH_DETACH]: 'true' } },
    spec: { podCIDR: config.podCIDR, podCIDRs: [config.podCIDR] },
  };
}

function hashHex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function uuidFrom(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const HEALTHY: ReadonlyArray<Omit<NodeCondition, 'lastHeartbeatTime' | 'lastTransitionTime'>> = [
  { type: 'MemoryPressure', status: 'False', reason: 'NodeAgentHasSufficientMemory', message: 'nodeagent has sufficient memory available' },
  { type: 'DiskPressure', status: 'False', reason: 'NodeAgentHasNoDiskPressure', message: 'nodeagent has no disk pressure' },
  { type: 'PIDPressure', status: 'False', reason: 'NodeAgentHasSufficientPID', message: 'nodeagent has sufficient PID available' },
  { type: 'Ready', status: 'True', reason: 'NodeAgentReady', message: 'nodeagent is posting ready status' },
];

/** The node's status; `since` is when its conditions took their present values. */
export function nodeStatus(config: SimulatedNodeConfig, since: number, heartbeat: number): NodeStatus {
  const machine = hashHex(`orch-simulated-node/${config.name}`);
  const resources = { ...config.capacity };
  return {
    capacity: resources,
    allocatable: { ...resources },
    conditions: HEALTHY.map((c) => ({ ...c, lastHeartbeatTime: rfc3339(heartbeat), lastTransitionTime: rfc3339(since) })),
    addresses: [
      { type: 'InternalIP', address: config.nodeIP },
      { type: 'Hostname', address: config.name },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: config.port } },
    nodeInfo: {
      machineID: machine.slice(0, 32),
      systemUUID: uuidFrom(machine.slice(32)),
      bootID: BOOT_ID,
      kernelVersion: release(),
      osImage: 'orch simulated node',
      containerRuntimeVersion: `simulated://${BINARY_GIT_VERSION}`,
      kubeletVersion: BINARY_GIT_VERSION,
      kubeProxyVersion: '',
      operatingSystem: 'linux',
      architecture,
    },
  };
}

/** The status without its heartbeat times: what decides whether a report is needed early. */
export function statusFingerprint(status: NodeStatus): string {
  return JSON.stringify({ ...status, conditions: status.conditions?.map(({ lastHeartbeatTime: _, ...rest }) => rest) });
}
