// Moving from client-side to server-side apply without conflicting with oneself, as Kubernetes'
// lastAppliedManager allows: kubectl's client-side apply records the configuration it applied in
// an annotation, and its fields are owned by the "kubectl-client-side-apply" updater. When kubectl
// then applies server-side under its own manager name, a conflict on a field that configuration
// set is the user's own earlier apply, so the apply takes it over instead of failing.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { isJsonObject } from '../patch/json-value.ts';
import type { TypeSchema } from '../schema/merge-schema.ts';
import { toFieldSet } from './object-fields.ts';
import type { Conflict } from './ownership.ts';

/** Written by kubectl, under Kubernetes' name, which kubectl does not brand. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/** The manager name of `kubectl apply --server-side`, the only one the upgrade is for. */
const KUBECTL_MANAGER = 'kubectl';

/** Whether every conflict is on a field the object's last client-side apply set. */
export function conflictsFromLastApplied(current: ApiObject | undefined, manager: string, conflicts: Conflict[], schema: TypeSchema | undefined): boolean {
  if (manager !== KUBECTL_MANAGER || !current || conflicts.length === 0) return false;
  const annotations = current.metadata?.annotations;
  const text = annotations && Object.hasOwn(annotations, LAST_APPLIED_ANNOTATION) ? annotations[LAST_APPLIED_ANNOTATION] : undefined;
  if (typeof text !== 'string') return false;
  let lastApplied: unknown;
  try {
    lastApplied = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isJsonObject(lastApplied)) return false;
  const allowed = toFieldSet(lastApplied, schema);
  return conflicts.every((c) => allowed.has(c.path));
}
