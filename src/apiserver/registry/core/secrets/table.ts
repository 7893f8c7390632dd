// The columns `kubectl get secrets` shows: NAME, TYPE, DATA, AGE.
import type { Secret } from '../../../../api/core/v1/secret-types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { TableColumnDefinition } from '../../resource.ts';

export const secretTableColumns: readonly TableColumnDefinition[] = [
  { name: 'Name', type: 'string', format: 'name', priority: 0, description: 'Name of the secret, unique within its namespace.' },
  { name: 'Type', type: 'string', format: '', priority: 0, description: 'What the secret holds, which decides the keys it must have.' },
  { name: 'Data', type: 'string', format: '', priority: 0, description: 'How many keys the secret holds.' },
  { name: 'Age', type: 'string', format: '', priority: 0, description: 'Time since the secret was created.' },
];

export function secretTableRow(secret: Secret, now = new Date()): unknown[] {
  return [secret.metadata.name ?? '', secret.type ?? '', Object.keys(secret.data ?? {}).length, timestampSince(secret.metadata.creationTimestamp, now)];
}
