// The columns `kubectl get controllerrevisions` shows, as Kubernetes prints them: NAME, the
// CONTROLLER owning the revision (kind.group/name, or <none>), the REVISION number, AGE.
import type { ControllerRevision } from '../../../../api/apps/v1/types.ts';
import type { OwnerReference } from '../../../../api/meta/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { column } from '../workload/columns.ts';

/** The controlling owner as kubectl names a resource: `statefulset.apps/web`, the kind lowercased. */
function controllerName(rev: ControllerRevision): string {
  const ref = (rev.metadata.ownerReferences as OwnerReference[] | undefined)?.find((r) => r.controller);
  if (!ref) return '<none>';
  const slash = (ref.apiVersion ?? '').indexOf('/');
  const group = slash >= 0 ? ref.apiVersion.slice(0, slash) : '';
  return `${(group ? `${ref.kind}.${group}` : ref.kind).toLowerCase()}/${ref.name}`;
}

export function controllerRevisionTable(): ResourceTable<ControllerRevision> {
  return nameAgeTable<ControllerRevision>(
    [column('Controller', 'string', 'The object that owns and controls the revision.'), column('Revision', 'integer', 'The revision number of the state kept.')],
    (rev) => [controllerName(rev), rev.revision ?? 0],
  );
}
