// DELETE one object: 200 with a Success Status naming it when it is gone; while finalizers keep
// it, the marked object (202 when the client asked for cascading deletion with orphanDependents=false).
import { forbidden, successStatus } from '../../../machinery/status.ts';
import { groupResource } from '../../registry/generic/context.ts';
import { deleteObject } from '../../registry/generic/delete.ts';
import { negotiateOutput } from '../negotiation.ts';
import { writeObject } from '../respond.ts';
import { readDeleteOptions } from './delete-options.ts';
import { protobufKind, requestNamespace, type Scope } from './scope.ts';

export async function handleDelete(scope: Scope): Promise<void> {
  const decl = scope.resource.declaration;
  const choice = negotiateOutput(scope.req.headers.accept, [], { kind: protobufKind(scope) });
  const opts = await readDeleteOptions(scope);
  const refusal = decl.deletion?.refusal?.(scope.info.name);
  if (refusal) throw forbidden(groupResource(decl), scope.info.name, refusal);
  const out = await deleteObject(scope.resource, scope.info.name, requestNamespace(scope), opts);
  if (!out.deleted) {
    writeObject(scope.req, scope.res, opts.orphanDependents === false ? 202 : 200, out.object, choice);
    return;
  }
  const status = successStatus({ name: scope.info.name, group: decl.group, kind: decl.plural, uid: out.object.metadata.uid });
  writeObject(scope.req, scope.res, 200, status, choice);
}
