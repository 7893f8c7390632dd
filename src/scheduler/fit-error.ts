// Why a pod fits no node, worded as Kubernetes' FitError: "0/3 nodes are available: 1 Insufficient
// cpu, 2 node(s) had untolerated taint {key: value}." — each reason with the number of nodes that
// gave it, sorted as strings; or, when the pod was refused before any node was looked at, that
// refusal alone. What preemption found is appended ("preemption: ..."), each part ending in a
// full stop. With no nodes at all, Kubernetes' own message for that.
export const NO_NODES_MESSAGE = 'no nodes available to schedule pods';

export interface FitErrorParts {
  /** The refusal before the nodes were looked at. */
  preFilter?: string;
  /** What preemption said. */
  postFilter?: string;
}

export function fitErrorMessage(nodeCount: number, reasonsByNode: ReadonlyMap<string, readonly string[]>, parts: FitErrorParts = {}): string {
  if (nodeCount === 0) return NO_NODES_MESSAGE;
  let message = `0/${nodeCount} nodes are available:`;
  if (parts.preFilter) message += ` ${parts.preFilter}.`;
  else {
    const counts = new Map<string, number>();
    for (const reasons of reasonsByNode.values()) for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    // Go's sort.Strings compares bytes, as this comparison does.
    const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (histogram.length) message += ` ${histogram.join(', ')}.`;
  }
  if (parts.postFilter) message += ` ${parts.postFilter}.`;
  return message;
}
