// TokenRequest: issues a bound token for a service account, as Kubernetes' TokenREST does. The
// body may name the account (it must match the path), audiences (default --api-audiences), a
// lifetime (default 1 h, at least 10 min, cut to --service-account-max-token-expiration with a
// warning) and an object to bind to (a Secret, or a Pod or Node where those are served). Tokens
// for pods asking for Kubernetes' injected lifetime (3607 s) to the API's own audiences are
// extended to a year with --service-account-extend-token-expiration, warning after 3607 s.
import type { ServiceAccount } from '../../api/core/v1/service-account-types.ts';
import {
  DEFAULT_TOKEN_EXPIRATION_SECONDS,
  MAX_TOKEN_EXPIRATION_SECONDS,
  MIN_TOKEN_EXPIRATION_SECONDS,
  type TokenRequest,
} from '../../api/authentication/v1/token-request-types.ts';
import { badRequest, conflict } from '../../machinery/status.ts';
import { invalid, invalidObject, type FieldError } from '../../machinery/validation/field-error.ts';
import { boundTokenClaims, type Ref } from './claims.ts';
import type { TokenIssuer } from './token-issuer.ts';

/** The lifetime of tokens kubelet projects into pods, which the extension recognises. */
export const WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS = 60 * 60 + 7;
/** What such tokens are extended to: one year. */
export const EXPIRATION_EXTENSION_SECONDS = 24 * 365 * 60 * 60;

const TOKEN_REQUEST_GK = { group: 'authentication.orch.io', kind: 'TokenRequest' };

export interface BoundPod extends Ref {
  serviceAccountName: string;
  nodeName?: string;
}

/** Reads of what a token may be bound to; a getter resolves to null when the object does not exist. */
export interface BoundObjectGetters {
  getServiceAccount(namespace: string, name: string): Promise<ServiceAccount>;
  getSecret(namespace: string, name: string): Promise<Ref>;
  getPod?(namespace: string, name: string): Promise<BoundPod>;
  getNode?(name: string): Promise<Ref>;
}

export interface TokenRequestConfig {
  issuer: TokenIssuer;
  apiAudiences: string[];
  /** --service-account-max-token-expiration in seconds; 0: no cap. */
  maxExpirationSeconds: number;
  extendExpiration: boolean;
  now?: () => Date;
}

export interface IssuedToken {
  request: TokenRequest;
  warnings: string[];
}

function validateTokenRequest(req: TokenRequest): FieldError[] {
  const errs: FieldError[] = [];
  const exp = req.spec.expirationSeconds!;
  if (exp < MIN_TOKEN_EXPIRATION_SECONDS) errs.push(invalid('spec.expirationSeconds', exp, 'may not specify a duration less than 10 minutes'));
  if (exp > MAX_TOKEN_EXPIRATION_SECONDS) errs.push(invalid('spec.expirationSeconds', exp, 'may not specify a duration larger than 2^32 seconds'));
  return errs;
}

function groupOf(apiVersion: string | undefined): string {
  const v = apiVersion ?? '';
  return v.includes('/') ? v.slice(0, v.indexOf('/')) : '';
}

export async function issueToken(cfg: TokenRequestConfig, objects: BoundObjectGetters, namespace: string, name: string, req: TokenRequest): Promise<IssuedToken> {
  const warnings: string[] = [];
  if (req.metadata.name && req.metadata.name !== name) {
    throw invalidObject(TOKEN_REQUEST_GK, name, [invalid('metadata.name', req.metadata.name, 'must match the service account name if specified')]);
  }
  if (req.metadata.namespace && req.metadata.namespace !== namespace) {
    throw invalidObject(TOKEN_REQUEST_GK, name, [invalid('metadata.namespace', req.metadata.namespace, 'must match the service account namespace if specified')]);
  }
  const sa = await objects.getServiceAccount(namespace, name);
  const spec = req.spec;
  if (!spec.audiences?.length) spec.audiences = [...cfg.apiAudiences];
  spec.expirationSeconds ??= DEFAULT_TOKEN_EXPIRATION_SECONDS;
  const now = cfg.now?.() ?? new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  req.metadata = { name: sa.metadata.name, namespace: sa.metadata.namespace, creationTimestamp: new Date(nowSeconds * 1000).toISOString().replace('.000Z', 'Z') };
  delete req.status;
  const errs = validateTokenRequest(req);
  if (errs.length) throw invalidObject(TOKEN_REQUEST_GK, '', errs);

  let pod: BoundPod | undefined;
  let secret: Ref | undefined;
  let node: Ref | undefined;
  const ref = spec.boundObjectRef;
  if (ref) {
    const group = groupOf(ref.apiVersion);
    const refName = ref.name ?? '';
    let uid: string;
    if (group === '' && ref.kind === 'Secret') {
      secret = { name: refName, uid: (await objects.getSecret(namespace, refName)).uid };
      uid = secret.uid;
    } else if (group === '' && ref.kind === 'Pod' && objects.getPod) {
      pod = await objects.getPod(namespace, refName);
      if (pod.serviceAccountName !== name) throw badRequest(`cannot bind token for serviceaccount "${name}" to pod running with different serviceaccount name.`);
      uid = pod.uid;
      if (pod.nodeName && objects.getNode) node = await objects.getNode(pod.nodeName);
      else if (pod.nodeName) node = { name: pod.nodeName, uid: '' };
      pod = { ...pod };
    } else if (group === '' && ref.kind === 'Node' && objects.getNode) {
      node = await objects.getNode(refName);
      uid = node.uid;
    } else {
      throw badRequest(`cannot bind token for serviceaccount "${name}" to object of kind "${ref.apiVersion ?? ''}, Kind=${ref.kind ?? ''}"`);
    }
    if (ref.uid && ref.uid !== uid) {
      throw conflict({ group, resource: ref.kind ?? '' }, refName, `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
    }
  }

  if (cfg.maxExpirationSeconds > 0 && spec.expirationSeconds > cfg.maxExpirationSeconds) {
    warnings.push(`requested expiration of ${spec.expirationSeconds} seconds shortened to ${cfg.maxExpirationSeconds} seconds`);
    spec.expirationSeconds = cfg.maxExpirationSeconds;
  }
  let exp = spec.expirationSeconds;
  let warnAfter = 0;
  const apiAudiences = new Set(cfg.apiAudiences);
  if (cfg.extendExpiration && pod && exp === WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS && spec.audiences.every((a) => apiAudiences.has(a))) {
    warnAfter = exp;
    exp = EXPIRATION_EXTENSION_SECONDS;
  }

  const claims = boundTokenClaims({
    namespace,
    serviceAccount: { name: sa.metadata.name ?? name, uid: sa.metadata.uid ?? '' },
    pod: pod && { name: pod.name, uid: pod.uid },
    secret,
    node,
    audiences: spec.audiences,
    issuer: cfg.issuer.issuer,
    nowSeconds,
    expirationSeconds: exp,
    warnAfterSeconds: warnAfter,
  });
  const token = await cfg.issuer.sign(claims);
  req.status = { token, expirationTimestamp: new Date((nowSeconds + spec.expirationSeconds) * 1000).toISOString().replace('.000Z', 'Z') };
  return { request: req, warnings };
}
