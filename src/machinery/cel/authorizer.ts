// The `authorizer` CEL variable, as Kubernetes' authz library offers it: checks built with
// path(), group().resource().subresource().namespace().name(), serviceAccount(ns, name) and
// requestResource, then check(verb) answering a decision (allowed, reason, errored, error).
// Each check asks the server's authorizer for the request's user.
import type { Environment } from '@marcbachmann/cel-js';
import type { Authorizer, Attributes, UserInfo } from '../authorization/types.ts';

export interface AuthorizerContext {
  /** Undefined until the server's authorizer is built: every check then errors. */
  authorizer: Authorizer | undefined;
  user: UserInfo;
}

export interface RequestResource {
  group: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
}

export class CelAuthorizer {
  readonly ctx: AuthorizerContext;
  readonly requestResource: CelResourceCheck;
  constructor(ctx: AuthorizerContext, request?: RequestResource) {
    this.ctx = ctx;
    const r = request ?? { group: '', resource: '', subresource: '', namespace: '', name: '' };
    this.requestResource = new CelResourceCheck(ctx, r);
  }
}

export class CelPathCheck {
  readonly ctx: AuthorizerContext;
  readonly path: string;
  constructor(ctx: AuthorizerContext, path: string) {
    this.ctx = ctx;
    this.path = path;
  }
}

export class CelGroupCheck {
  readonly ctx: AuthorizerContext;
  readonly group: string;
  constructor(ctx: AuthorizerContext, group: string) {
    this.ctx = ctx;
    this.group = group;
  }
}

export class CelResourceCheck {
  readonly ctx: AuthorizerContext;
  readonly target: RequestResource;
  constructor(ctx: AuthorizerContext, target: RequestResource) {
    this.ctx = ctx;
    this.target = target;
  }
  with(change: Partial<RequestResource>): CelResourceCheck {
    return new CelResourceCheck(this.ctx, { ...this.target, ...change });
  }
}

export class CelDecision {
  readonly allowed: boolean;
  readonly reason: string;
  readonly error: string;
  constructor(allowed: boolean, reason: string, error: string) {
    this.allowed = allowed;
    this.reason = reason;
    this.error = error;
  }
}

async function decide(ctx: AuthorizerContext, attrs: Omit<Attributes, 'user'>): Promise<CelDecision> {
  if (!ctx.authorizer) return new CelDecision(false, '', 'no authorizer is configured');
  try {
    const r = await ctx.authorizer.authorize({ ...attrs, user: ctx.user });
    return new CelDecision(r.decision === 'allow', r.reason, '');
  } catch (err) {
    return new CelDecision(false, '', (err as Error).message);
  }
}

function serviceAccountUser(namespace: string, name: string): UserInfo {
  return { name: `system:serviceaccount:${namespace}:${name}`, uid: '', groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`], extra: {} } as UserInfo;
}

function method<R>(env: Environment, receiverType: string, name: string, returnType: string, params: string[], handler: (recv: R, ...args: never[]) => unknown): void {
  env.registerFunction({ name, receiverType, returnType, params: params.map((type, i) => ({ name: `a${i}`, type })), handler: handler as never });
}

export function registerAuthorizerLibrary(env: Environment): void {
  env
    .registerType('Authorizer', { ctor: CelAuthorizer, fields: { requestResource: 'ResourceCheck' } })
    .registerType('PathCheck', CelPathCheck)
    .registerType('GroupCheck', CelGroupCheck)
    .registerType('ResourceCheck', CelResourceCheck)
    .registerType('AuthorizationDecision', CelDecision);
  method(env, 'Authorizer', 'path', 'PathCheck', ['string'], (a: CelAuthorizer, p: string) => new CelPathCheck(a.ctx, p));
  method(env, 'Authorizer', 'group', 'GroupCheck', ['string'], (a: CelAuthorizer, g: string) => new CelGroupCheck(a.ctx, g));
  method(env, 'Authorizer', 'serviceAccount', 'Authorizer', ['string', 'string'], (a: CelAuthorizer, ns: string, n: string) =>
    new CelAuthorizer({ authorizer: a.ctx.authorizer, user: serviceAccountUser(ns, n) }),
  );
  method(env, 'GroupCheck', 'resource', 'ResourceCheck', ['string'], (g: CelGroupCheck, r: string) =>
    new CelResourceCheck(g.ctx, { group: g.group, resource: r, subresource: '', namespace: '', name: '' }),
  );
  method(env, 'ResourceCheck', 'subresource', 'ResourceCheck', ['string'], (r: CelResourceCheck, s: string) => r.with({ subresource: s }));
  method(env, 'ResourceCheck', 'namespace', 'ResourceCheck', ['string'], (r: CelResourceCheck, s: string) => r.with({ namespace: s }));
  method(env, 'ResourceCheck', 'name', 'ResourceCheck', ['string'], (r: CelResourceCheck, s: string) => r.with({ name: s }));
  method(env, 'ResourceCheck', 'check', 'AuthorizationDecision', ['string'], (r: CelResourceCheck, verb: string) =>
    decide(r.ctx, {
      verb,
      isResourceRequest: true,
      path: '',
      apiGroup: r.target.group,
      apiVersion: '*',
      resource: r.target.resource,
      subresource: r.target.subresource,
      namespace: r.target.namespace,
      name: r.target.name,
    }),
  );
  method(env, 'PathCheck', 'check', 'AuthorizationDecision', ['string'], (p: CelPathCheck, verb: string) =>
    decide(p.ctx, { verb, isResourceRequest: false, path: p.path, apiGroup: '', apiVersion: '', resource: '', subresource: '', namespace: '', name: '' }),
  );
  method(env, 'AuthorizationDecision', 'allowed', 'bool', [], (d: CelDecision) => d.allowed);
  method(env, 'AuthorizationDecision', 'reason', 'string', [], (d: CelDecision) => d.reason);
  method(env, 'AuthorizationDecision', 'errored', 'bool', [], (d: CelDecision) => d.error !== '');
  method(env, 'AuthorizationDecision', 'error', 'string', [], (d: CelDecision) => d.error);
}
