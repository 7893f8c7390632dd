// Start-up reconciliation of the bootstrap policy (a post-start hook): missing roles and bindings
// are created; existing ones whose autoupdate annotation is not "false" get the rules, subjects,
// labels and annotations they lack. A binding whose roleRef changed is replaced. Writes go
// through the generic store, so stored objects look like any client's.
import type { ClusterRole, PolicyRule, RoleBinding, Subject } from '../../../../api/rbac/v1/types.ts';
import { AUTOUPDATE_ANNOTATION } from '../../../../api/rbac/v1/types.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { missingRights } from '../../../authorization/rbac/escalation.ts';
import type { InstalledResource, WriteOptions } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { existingClusterObject, reconcileRacing, type BootstrapReconcileReport } from '../../bootstrap-reconcile.ts';
import { updateObject } from '../../generic/update.ts';
import { deleteObject } from '../../generic/delete.ts';
import { bootstrapClusterRoleBindings, bootstrapClusterRoles } from './policy.ts';

const log = klog('rbac/bootstrap');
const WRITE: WriteOptions = { dryRun: false, fieldValidation: 'Ignore', fieldManager: 'orch-apiserver' };

export interface ReconcileTargets {
  clusterRoles: InstalledResource<ClusterRole, ClusterRole>;
  clusterRoleBindings: InstalledResource<RoleBinding, RoleBinding>;
}

export type ReconcileReport = BootstrapReconcileReport;

function mergeMeta(existing: ClusterRole | RoleBinding, wanted: ClusterRole | RoleBinding): boolean {
  let changed = false;
  for (const field of ['labels', 'annotations'] as const) {
    const have = (existing.metadata[field] ??= {});
    for (const [k, v] of Object.entries(wanted.metadata[field] ?? {})) {
      if (!(k in have)) {
        have[k] = v;
        changed = true;
      }
    }
  }
  return changed;
}

function autoupdate(obj: ClusterRole | RoleBinding): boolean {
  return obj.metadata.annotations?.[AUTOUPDATE_ANNOTATION] !== 'false';
}

async function reconcileRole(res: ReconcileTargets['clusterRoles'], wanted: ClusterRole, report: ReconcileReport): Promise<void> {
  const name = wanted.metadata.name!;
  const existing = await existingClusterObject<ClusterRole>(res, name);
  if (!existing) {
    await createObject(res, structuredClone(wanted), '', WRITE);
    report.created.push(`clusterroles/${name}`);
    return;
  }
  if (!autoupdate(existing)) return;
  let changed = mergeMeta(existing, wanted);
  // A rule kept as written covers itself: only the others need the (costly) coverage check, and on
  // a restart that is usually none of them.
  const owned = existing.rules ?? [];
  const unmatched = (wanted.rules ?? []).filter((w) => !owned.some((o) => deepEqual(o, w)));
  const missing: PolicyRule[] = unmatched.filter((w) => missingRights(owned, [w]).length > 0);
  if (missing.length) {
    existing.rules = [...(existing.rules ?? []), ...structuredClone(missing)];
    changed = true;
  }
  if (wanted.aggregationRule) {
    const selectors = existing.aggregationRule?.clusterRoleSelectors ?? [];
    const add = (wanted.aggregationRule.clusterRoleSelectors ?? []).filter((s) => !selectors.some((e) => deepEqual(e, s)));
    if (add.length) {
      existing.aggregationRule = { clusterRoleSelectors: [...selectors, ...add] };
      changed = true;
    }
  }
  if (changed) {
    await updateObject(res, name, '', existing, WRITE);
    report.updated.push(`clusterroles/${name}`);
  }
}

function subjectId(s: Subject): string {
  return `${s.kind}\u0000${s.namespace ?? ''}\u0000${s.name}`;
}

async function reconcileBinding(res: ReconcileTargets['clusterRoleBindings'], wanted: RoleBinding, report: ReconcileReport): Promise<void> {
  const name = wanted.metadata.name!;
  let existing = await existingClusterObject<RoleBinding>(res, name);
  if (existing && autoupdate(existing) && !deepEqual({ ...existing.roleRef, apiGroup: '' }, { ...wanted.roleRef, apiGroup: '' })) {
    await deleteObject(res, name, '', { dryRun: false });
    existing = undefined;
  }
  if (!existing) {
    await createObject(res, structuredClone(wanted), '', WRITE);
    report.created.push(`clusterrolebindings/${name}`);
    return;
  }
  if (!autoupdate(existing)) return;
  let changed = mergeMeta(existing, wanted);
  const have = new Set((existing.subjects ?? []).map(subjectId));
  const add = (wanted.subjects ?? []).filter((s) => !have.has(subjectId(s)));
  if (add.length) {
    existing.subjects = [...(existing.subjects ?? []), ...add];
    changed = true;
  }
  if (changed) {
    await updateObject(res, name, '', existing, WRITE);
    report.updated.push(`clusterrolebindings/${name}`);
  }
}

export async function reconcileBootstrapPolicy(targets: ReconcileTargets): Promise<ReconcileReport> {
  const report: ReconcileReport = { created: [], updated: [] };
  for (const role of bootstrapClusterRoles()) await reconcileRacing(() => reconcileRole(targets.clusterRoles, role, report));
  for (const b of bootstrapClusterRoleBindings()) await reconcileRacing(() => reconcileBinding(targets.clusterRoleBindings, b, report));
  log.info('Reconciled the bootstrap RBAC policy', { created: report.created.length, updated: report.updated.length }, 2);
  return report;
}
