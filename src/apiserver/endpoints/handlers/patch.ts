// PATCH one object with a JSON, merge, strategic-merge or apply patch.
import { invalid, badRequest } from '../../../machinery/status.ts';
import { parsePatchBody, requirePatchType } from '../../../machinery/patch/index.ts';
import { checkDecodedDepth } from '../../../machinery/codecs/depth.ts';
import { patchObject } from '../../registry/generic/patch.ts';
import { parseBool } from '../query.ts';
import { findDuplicateKeys, readBody } from '../body.ts';
import { negotiateOutput } from '../negotiation.ts';
import { writeObject } from '../respond.ts';
import { parseWriteOptions, protobufKind, requestNamespace, type Scope } from './scope.ts';
import { recordRequestObject } from '../../audit/request-audit.ts';

const PATCH_OPTIONS = { group: 'meta.orch.io', kind: 'PatchOptions' };

export async function handlePatch(scope: Scope): Promise<void> {
  const choice = negotiateOutput(scope.req.headers.accept, [], { kind: protobufKind(scope) });
  const type = requirePatchType(scope.req.headers['content-type'], { strategic: true });
  const opts = parseWriteOptions(scope, 'PatchOptions');
  const force = parseBool('force', scope.query.get('force')) ?? false;
  if (type === 'apply' && !scope.query.get('fieldManager')) {
    throw invalid(PATCH_OPTIONS, '', [{ reason: 'FieldValueRequired', field: 'fieldManager', message: 'Required value: is required for apply patch' }]);
  }
  if (type !== 'apply' && force) {
    throw invalid(PATCH_OPTIONS, '', [{ reason: 'FieldValueForbidden', field: 'force', message: 'Forbidden: may not be specified for non-apply patch' }]);
  }
  const body = await readBody(scope.req);
  const value = parsePatchBody(type, body);
  // The same nesting limit as object bodies, before the patch engines walk the document.
  checkDecodedDepth(value, type === 'apply' ? 'error decoding YAML' : 'error decoding patch');
  if (type === 'apply') checkAppliedKind(scope, value);
  recordRequestObject(scope.req, value);
  // Unknown fields are found in the patched object, where the registry decodes it; repeated keys
  // only in the body.
  const duplicateFields = type !== 'json' && type !== 'apply' && opts.fieldValidation !== 'Ignore' ? findDuplicateKeys(body.toString('utf8')) : [];
  const out = await patchObject(scope.resource, scope.info.name, requestNamespace(scope), type, value, { ...opts, force, duplicateFields });
  writeObject(scope.req, scope.res, out.created ? 201 : 200, out.object, choice, out.warnings);
}

/**
 * An apply configuration names the kind it configures; one of another kind (a List, a ConfigMap
 * sent to a secret's path) is refused before anything is merged, naming what it was given, as
 * Kubernetes' field manager refuses a group/version/kind other than the resource's. A missing kind
 * or a different version is left to the apply itself, which words those cases.
 */
function checkAppliedKind(scope: Scope, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const { apiVersion, kind } = value as { apiVersion?: unknown; kind?: unknown };
  const want = scope.resource.declaration.kind;
  if (typeof kind !== 'string' || kind === '' || kind === want) return;
  const gv = typeof apiVersion === 'string' ? apiVersion : '';
  throw badRequest(`invalid object type: ${gv.includes('/') ? gv : `/${gv}`}, Kind=${kind}`);
}
