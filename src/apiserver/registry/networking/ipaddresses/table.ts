// The columns `kubectl get ipaddresses` shows, as Kubernetes prints them: NAME and PARENTREF
// (resource[.group]/[namespace/]name, lower-cased, or <none>). Kubernetes' rows carry the age as a
// third cell without a column, which kubectl leaves out; the rows here do the same.
import type { IPAddress } from '../../../../api/networking/v1/types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';

export function formatParentRef(ip: IPAddress): string {
  const ref = ip.spec?.parentRef;
  if (!ref) return '<none>';
  let text = (ref.group ? `${ref.resource ?? ''}.${ref.group}` : (ref.resource ?? '')).toLowerCase();
  if (ref.namespace) text += `/${ref.namespace}`;
  return `${text}/${ref.name ?? ''}`;
}

export function ipAddressTable(): ResourceTable<IPAddress> {
  return {
    columns: [NAME_COLUMN, { name: 'ParentRef', type: 'string', format: '', priority: 0, description: 'The object the address is given to.' }],
    row: (ip) => [ip.metadata.name ?? '', formatParentRef(ip), timestampSince(ip.metadata.creationTimestamp, new Date())],
  };
}
