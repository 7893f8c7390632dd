// The columns `kubectl get pdb` shows, as Kubernetes prints them: NAME, MIN AVAILABLE and MAX
// UNAVAILABLE (N/A for the one not set), ALLOWED DISRUPTIONS, AGE.
import type { PodDisruptionBudget } from '../../../../api/policy/v1/types.ts';
import type { TableColumnDefinition } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

const column = (name: string, type: string, description: string): TableColumnDefinition => ({ name, type, format: '', priority: 0, description });

export function podDisruptionBudgetTable() {
  return nameAgeTable<PodDisruptionBudget>(
    [
      column('Min Available', 'string', 'The fewest pods that must stay available.'),
      column('Max Unavailable', 'string', 'The most pods that may be unavailable.'),
      column('Allowed Disruptions', 'integer', 'How many pods may be evicted now.'),
    ],
    (pdb) => [String(pdb.spec?.minAvailable ?? 'N/A'), String(pdb.spec?.maxUnavailable ?? 'N/A'), pdb.status?.disruptionsAllowed ?? 0],
  );
}
