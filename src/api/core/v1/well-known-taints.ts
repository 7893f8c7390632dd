// Taint keys the control plane itself puts on nodes, each for one node condition (Kubernetes'
// node.kubernetes.io/* keys under node.orch.io). Admission adds the not-ready taint to new nodes
// and tolerations of not-ready and unreachable to new pods; the node controller manages them.

/** The node's Ready condition is False. */
export const TAINT_NODE_NOT_READY = 'node.orch.io/not-ready';
/** The node's Ready condition is Unknown: the node stopped reporting. */
export const TAINT_NODE_UNREACHABLE = 'node.orch.io/unreachable';
/** The node is marked unschedulable. */
export const TAINT_NODE_UNSCHEDULABLE = 'node.orch.io/unschedulable';
export const TAINT_NODE_MEMORY_PRESSURE = 'node.orch.io/memory-pressure';
export const TAINT_NODE_DISK_PRESSURE = 'node.orch.io/disk-pressure';
export const TAINT_NODE_NETWORK_UNAVAILABLE = 'node.orch.io/network-unavailable';
export const TAINT_NODE_PID_PRESSURE = 'node.orch.io/pid-pressure';
