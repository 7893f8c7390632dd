// POST to an action subresource (pods/binding, pods/eviction): the body is the action's own kind;
// the answer is what the action returns, 201 as a create (a Success Status gets that code).
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { actionOf, runAction } from '../../registry/generic/action.ts';
import { negotiateOutput } from '../negotiation.ts';
import { writeObject } from '../respond.ts';
import { parseWriteOptions, readObjectBody, requestNamespace, type Scope } from './scope.ts';

export async function handleAction(scope: Scope): Promise<void> {
  const action = actionOf(scope.resource)!;
  const choice = negotiateOutput(scope.req.headers.accept, [], {});
  const opts = parseWriteOptions(scope, 'CreateOptions');
  const { obj, warnings } = await readObjectBody(scope, opts.fieldValidation, action);
  const out: ApiObject & { code?: number } = await runAction(scope.resource, scope.info.name, requestNamespace(scope), obj, opts);
  if (out.kind === 'Status' && !out.code) out.code = 201;
  writeObject(scope.req, scope.res, 201, out, choice, warnings);
}
