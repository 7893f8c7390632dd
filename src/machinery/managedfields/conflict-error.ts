// The 409 an apply gets when it would change fields another manager owns, worded as Kubernetes
// words it so kubectl can print it and suggest --force-conflicts.

import { StatusError } from '../status.ts';
import type { Conflict } from './ownership.ts';
import { pathToString } from './path-element.ts';
import type { ManagerState } from './managers.ts';

/** `"kubectl"` for appliers, `"x" using events.orch.io/v1` for updaters, plus any subresource. */
export function describeManager(m: ManagerState): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource) s = `${s} with subresource ${JSON.stringify(m.subresource)}`;
  if (m.operation === 'Update') s = `${s} using ${m.apiVersion}`;
  return s;
}

export function applyConflictError(conflicts: Conflict[]): StatusError {
  const sorted = [...conflicts].sort((a, b) => {
    const ma = describeManager(a.manager);
    const mb = describeManager(b.manager);
    return ma === mb ? 0 : ma < mb ? -1 : 1;
  });
  const causes = sorted.map((c) => ({
    reason: 'FieldManagerConflict' as const,
    message: `conflict with ${describeManager(c.manager)}`,
    field: pathToString(c.path),
  }));
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: conflictMessage(sorted),
    reason: 'Conflict',
    details: { causes },
    code: 409,
  });
}

function conflictMessage(conflicts: Conflict[]): string {
  if (conflicts.length === 1) {
    const c = conflicts[0]!;
    return `Apply failed with 1 conflict: conflict with ${describeManager(c.manager)}: ${pathToString(c.path)}`;
  }
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) {
    const key = describeManager(c.manager);
    byManager.set(key, [...(byManager.get(key) ?? []), pathToString(c.path)]);
  }
  const lines: string[] = [];
  for (const manager of [...byManager.keys()].sort()) {
    lines.push(`conflicts with ${manager}:`);
    for (const p of byManager.get(manager)!) lines.push(`- ${p}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}
