// POST to a collection: 201 with the created object (also under dryRun).
import { createObject } from '../../registry/generic/create.ts';
import { negotiateOutput } from '../negotiation.ts';
import { writeObject } from '../respond.ts';
import { parseWriteOptions, protobufKind, readObjectBody, requestNamespace, type Scope } from './scope.ts';

export async function handleCreate(scope: Scope): Promise<void> {
  const choice = negotiateOutput(scope.req.headers.accept, [], { kind: protobufKind(scope) });
  const opts = parseWriteOptions(scope, 'CreateOptions');
  const { obj, warnings } = await readObjectBody(scope, opts.fieldValidation);
  const virtual = scope.resource.virtualCreate;
  const out = virtual
    ? { object: await virtual(obj, { user: opts.user ?? { name: '', groups: [] }, namespace: requestNamespace(scope), dryRun: opts.dryRun }), warnings: [] }
    : await createObject(scope.resource, obj, requestNamespace(scope), opts);
  writeObject(scope.req, scope.res, 201, out.object, choice, [...warnings, ...out.warnings]);
}
