// PUT one object: 200 when replaced, 201 when the resource allows create-on-update and it was missing.
import { updateObject } from '../../registry/generic/update.ts';
import { negotiateOutput } from '../negotiation.ts';
import { writeObject } from '../respond.ts';
import { parseWriteOptions, protobufKind, readObjectBody, requestNamespace, type Scope } from './scope.ts';

export async function handleUpdate(scope: Scope): Promise<void> {
  const choice = negotiateOutput(scope.req.headers.accept, [], { kind: protobufKind(scope) });
  const opts = parseWriteOptions(scope, 'UpdateOptions');
  const { obj, warnings } = await readObjectBody(scope, opts.fieldValidation);
  const out = await updateObject(scope.resource, scope.info.name, requestNamespace(scope), obj, opts);
  writeObject(scope.req, scope.res, out.created ? 201 : 200, out.object, choice, [...warnings, ...out.warnings]);
}
