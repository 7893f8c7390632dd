// What NodeRestriction lets a node do to Node objects: only its own; on create no configSource and
// no labels it may not set; on update no new configSource, no change to its taints or owner
// references (a node could otherwise have itself deleted and come back with other taints), and no
// change to labels it may not set.
import type { Node } from '../../../../api/core/v1/node-types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { forbiddenLabels, modifiedLabels } from './node-labels.ts';

const same = (a: unknown, b: unknown) => deepEqual(a ?? null, b ?? null);
/** Empty and absent lists compare equal, as Go's semantic equality has them. */
const list = <T>(l: T[] | undefined): T[] | undefined => (l?.length ? l : undefined);

export function admitNode(attrs: AdmissionAttributes, node: string): void {
  const obj = attrs.object as Node | undefined;
  const requested = attrs.name || (attrs.operation === 'CREATE' ? (obj?.metadata.name ?? '') : '');
  if (requested !== node) throw admissionForbidden(attrs, `node "${node}" is not allowed to modify node "${requested}"`);
  if (attrs.operation === 'CREATE' && obj) {
    if (obj.spec?.configSource) throw admissionForbidden(attrs, `node "${node}" is not allowed to create pods with a non-nil configSource`);
    const bad = forbiddenLabels(modifiedLabels(obj.metadata.labels));
    if (bad.length) throw admissionForbidden(attrs, `node "${node}" is not allowed to set the following labels: ${bad.join(', ')}`);
  }
  if (attrs.operation === 'UPDATE' && obj) {
    const old = attrs.oldObject as Node | undefined;
    if (obj.spec?.configSource && !same(obj.spec.configSource, old?.spec?.configSource)) {
      throw admissionForbidden(attrs, `node "${node}" is not allowed to update configSource to a new non-nil configSource`);
    }
    if (!same(list(obj.spec?.taints), list(old?.spec?.taints))) throw admissionForbidden(attrs, `node "${node}" is not allowed to modify taints`);
    if (!same(list(obj.metadata.ownerReferences), list(old?.metadata.ownerReferences))) throw admissionForbidden(attrs, `node "${node}" is not allowed to modify ownerReferences`);
    const bad = forbiddenLabels(modifiedLabels(obj.metadata.labels, old?.metadata.labels));
    if (bad.length) throw admissionForbidden(attrs, `is not allowed to modify labels: ${bad.join(', ')}`);
  }
}
