// The columns `kubectl get nodes` shows, as Kubernetes prints them: NAME STATUS ROLES AGE
// VERSION, and when wide INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION CONTAINER-RUNTIME.
// STATUS is Ready, NotReady or Unknown from the Ready condition, with SchedulingDisabled for a
// cordoned node; ROLES come from node-role.orch.io/<role> labels (and an orch.io/role label).
import type { Node } from '../../../../api/core/v1/node-types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';

export const NODE_ROLE_PREFIX = 'node-role.orch.io/';
export const NODE_ROLE_LABEL = 'orch.io/role';

export function nodeStatusCell(node: Node): string {
  const ready = (node.status?.conditions ?? []).find((c) => c.type === 'Ready');
  const status = ready ? [ready.status === 'True' ? 'Ready' : 'NotReady'] : ['Unknown'];
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

export function nodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(NODE_ROLE_PREFIX) && k.length > NODE_ROLE_PREFIX.length) roles.add(k.slice(NODE_ROLE_PREFIX.length));
    else if (k === NODE_ROLE_LABEL && v) roles.add(v);
  }
  return [...roles].sort();
}

function address(node: Node, type: string): string {
  return (node.status?.addresses ?? []).find((a) => a.type === type)?.address ?? '<none>';
}

const orUnknown = (s: string | undefined) => s || '<unknown>';

export function nodeTable(): ResourceTable<Node> {
  const wide = (name: string, description: string) => ({ name, type: 'string', format: '', priority: 1, description });
  return {
    columns: [
      NAME_COLUMN,
      { name: 'Status', type: 'string', format: '', priority: 0, description: 'The status of the node' },
      { name: 'Roles', type: 'string', format: '', priority: 0, description: 'The roles of the node' },
      { name: 'Age', type: 'string', format: '', priority: 0, description: 'Time since the node was created (metadata.creationTimestamp).' },
      { name: 'Version', type: 'string', format: '', priority: 0, description: 'The version of the node agent the node reports.' },
      wide('Internal-IP', 'The node\'s first InternalIP address.'),
      wide('External-IP', 'The node\'s first ExternalIP address.'),
      wide('OS-Image', 'The operating system the node reports, from /etc/os-release.'),
      wide('Kernel-Version', 'The kernel version the node reports.'),
      wide('Container-Runtime', 'The container runtime and version the node reports.'),
    ],
    row(node) {
      const roles = nodeRoles(node).join(',');
      const info = node.status?.nodeInfo;
      return [
        node.metadata.name ?? '',
        nodeStatusCell(node),
        roles || '<none>',
        timestampSince(node.metadata.creationTimestamp, new Date()),
        info?.kubeletVersion ?? '',
        address(node, 'InternalIP'),
        address(node, 'ExternalIP'),
        orUnknown(info?.osImage),
        orUnknown(info?.kernelVersion),
        orUnknown(info?.containerRuntimeVersion),
      ];
    },
  };
}
