// POST /api/v1/namespaces/{ns}/serviceaccounts/{name}/token, served in front of the REST layer
// (its body is a TokenRequest, not a ServiceAccount). The answer is a TokenRequest in the
// apiVersion the client sent: kubectl sends authentication.k8s.io/v1 and decodes only that.
// The request passes admission as a create of serviceaccounts/token of kind TokenRequest, as in
// Kubernetes (NodeRestriction limits nodes to tokens for their own pods there).
import type { Handler } from '../../component-base/serving/request-context.ts';
import { requestContext } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { badRequest, methodNotAllowed } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { asStatusError } from '../../component-base/logs/internal-error.ts';
import { decodeBody, readBody } from '../endpoints/body.ts';
import { negotiateOutput } from '../endpoints/negotiation.ts';
import { writeObject } from '../endpoints/respond.ts';
import { TOKEN_REQUEST_API_VERSIONS, type TokenRequest } from '../../api/authentication/v1/token-request-types.ts';
import { issueToken, type BoundObjectGetters, type TokenRequestConfig } from './token-request.ts';
import type { Admission, AdmissionAttributes } from '../admission/types.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';

const log = klog('serviceaccount/token-subresource');

type Json = Record<string, unknown>;

function cannotHandle(detail: string): never {
  throw badRequest(`TokenRequest in version "v1" cannot be handled as a TokenRequest: ${detail}`);
}

function jsonType(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** Types the body as a TokenRequest, refusing wrong JSON types as the decoder does. */
export function decodeTokenRequest(value: unknown): TokenRequest {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) cannotHandle(`json: cannot unmarshal ${jsonType(value)} into Go value of type v1.TokenRequest`);
  const obj = value as Json;
  const apiVersion = obj.apiVersion ?? '';
  if (apiVersion !== '' && !TOKEN_REQUEST_API_VERSIONS.includes(apiVersion as (typeof TOKEN_REQUEST_API_VERSIONS)[number])) {
    throw badRequest(`the API version in the data (${String(apiVersion)}) does not match the expected API version (${TOKEN_REQUEST_API_VERSIONS[0]})`);
  }
  if (obj.kind !== undefined && obj.kind !== '' && obj.kind !== 'TokenRequest') {
    throw badRequest(`the object provided is unrecognized (must be of type TokenRequest): kind ${JSON.stringify(obj.kind)} does not match`);
  }
  const metadata = obj.metadata ?? {};
  if (typeof metadata !== 'object' || Array.isArray(metadata) || metadata === null) cannotHandle(`json: cannot unmarshal ${jsonType(metadata)} into Go struct field TokenRequest.metadata of type v1.ObjectMeta`);
  const spec = (obj.spec ?? {}) as Json;
  if (typeof spec !== 'object' || Array.isArray(spec)) cannotHandle(`json: cannot unmarshal ${jsonType(spec)} into Go struct field TokenRequest.spec of type v1.TokenRequestSpec`);
  const audiences = spec.audiences ?? [];
  if (!Array.isArray(audiences) || audiences.some((a) => typeof a !== 'string')) cannotHandle('json: cannot unmarshal into Go struct field TokenRequestSpec.spec.audiences of type []string');
  const exp = spec.expirationSeconds;
  if (exp !== undefined && exp !== null && (typeof exp !== 'number' || !Number.isInteger(exp))) {
    cannotHandle(`json: cannot unmarshal ${jsonType(exp)} into Go struct field TokenRequestSpec.spec.expirationSeconds of type int64`);
  }
  const ref = spec.boundObjectRef;
  if (ref !== undefined && ref !== null && (typeof ref !== 'object' || Array.isArray(ref))) {
    cannotHandle(`json: cannot unmarshal ${jsonType(ref)} into Go struct field TokenRequestSpec.spec.boundObjectRef of type v1.BoundObjectReference`);
  }
  return {
    apiVersion: (apiVersion || TOKEN_REQUEST_API_VERSIONS[0]) as string,
    kind: 'TokenRequest',
    metadata: { ...(metadata as Json) },
    spec: {
      audiences: audiences as string[],
      ...(typeof exp === 'number' ? { expirationSeconds: exp } : {}),
      ...(ref ? { boundObjectRef: { ...(ref as Json) } } : {}),
    },
  };
}

export interface TokenSubresourceDeps {
  config: TokenRequestConfig;
  objects: BoundObjectGetters;
  /** The server's admission chain; none admits every request. */
  admission?: Admission;
}

async function admitTokenRequest(admission: Admission, namespace: string, name: string, request: TokenRequest, dryRun: boolean, user: UserInfo | undefined): Promise<void> {
  const attrs: AdmissionAttributes = {
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource: 'serviceaccounts' },
    subresource: 'token',
    kind: { group: 'authentication.orch.io', version: 'v1', kind: 'TokenRequest' },
    namespace,
    name,
    object: request as unknown as AdmissionAttributes['object'],
    dryRun,
    ...(user ? { userInfo: user } : {}),
  };
  await admission.admit(attrs);
  await admission.validate(attrs);
}

/** Serves the token subresource of service accounts and hands every other request to `next`. */
export function withServiceAccountTokens(next: Handler, deps: TokenSubresourceDeps): Handler {
  return async (req, res) => {
    const info = requestContext(req).requestInfo;
    if (!info || !info.isResourceRequest || info.apiPrefix !== 'api' || info.apiVersion !== 'v1' || info.resource !== 'serviceaccounts' || info.subresource !== 'token') {
      return next(req, res);
    }
    try {
      if (info.verb !== 'create' || !info.namespace || !info.name) throw methodNotAllowed(req.method ?? '', 'the requested resource');
      const choice = negotiateOutput(req.headers.accept, [], { kind: 'TokenRequest' });
      const body = await readBody(req);
      const request = decodeTokenRequest(decodeBody(req.headers['content-type'], body, 'TokenRequest').value);
      const dryRun = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').getAll('dryRun');
      if (dryRun.some((v) => v !== 'All')) throw badRequest(`Invalid dryRun value: ${dryRun.join(',')}`);
      const askedVersion = request.apiVersion!;
      if (deps.admission) await admitTokenRequest(deps.admission, info.namespace, info.name, request, dryRun.length > 0, requestContext(req).user);
      const issued = await issueToken(deps.config, deps.objects, info.namespace, info.name, request);
      issued.request.apiVersion = askedVersion;
      writeObject(req, res, 201, issued.request, choice, issued.warnings);
    } catch (err) {
      if (!res.headersSent) writeStatus(req, res, asStatusError(log, 'token request failed', err, { path: req.url }));
      else if (!res.writableEnded) res.end();
    }
  };
}
