// The columns `kubectl get` shows for the RBAC kinds, as Kubernetes' printers compute them: roles
// show their creation time; bindings their role, age and (wide) users, groups and service accounts.
import type { Role, RoleBinding } from '../../../api/rbac/v1/types.ts';
import type { ResourceTable, TableColumnDefinition } from '../resource.ts';
import { timestampSince } from '../human-duration.ts';

const NAME: TableColumnDefinition = { name: 'Name', type: 'string', format: 'name', priority: 0, description: 'Name of the object, unique within its namespace (or the cluster).' };

export function roleTable<T extends Role>(): ResourceTable<T> {
  return {
    columns: [NAME, { name: 'Created At', type: 'date', format: '', priority: 0, description: 'When the object was created.' }],
    row: (r) => [r.metadata.name ?? '', r.metadata.creationTimestamp ?? null],
  };
}

export function bindingTable(): ResourceTable<RoleBinding> {
  return {
    columns: [
      NAME,
      { name: 'Role', type: 'string', format: '', priority: 0, description: 'The role the binding grants, as Kind/name.' },
      { name: 'Age', type: 'string', format: '', priority: 0, description: 'Time since the binding was created.' },
      { name: 'Users', type: 'string', format: '', priority: 1, description: 'Users the binding names.' },
      { name: 'Groups', type: 'string', format: '', priority: 1, description: 'Groups the binding names.' },
      { name: 'ServiceAccounts', type: 'string', format: '', priority: 1, description: 'Service accounts the binding names, as namespace:name.' },
    ],
    row(b) {
      const age = timestampSince(b.metadata.creationTimestamp, new Date());
      const subjects = b.subjects ?? [];
      const of = (kind: string) => subjects.filter((s) => s.kind === kind);
      return [
        b.metadata.name ?? '',
        `${b.roleRef?.kind ?? ''}/${b.roleRef?.name ?? ''}`,
        age,
        of('User').map((s) => s.name).join(', '),
        of('Group').map((s) => s.name).join(', '),
        of('ServiceAccount').map((s) => `${s.namespace ?? ''}:${s.name}`).join(', '),
      ];
    },
  };
}
