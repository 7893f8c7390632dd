// --authorization-config: an AuthorizationConfiguration (apiserver.config.orch.io/v1, or
// v1beta1/v1alpha1) naming the authorizer chain, webhooks with their own cache, timeout, review
// version and failure policy. Checked as Kubernetes checks it; errors are field errors joined in
// one line. Webhook matchConditions are CEL expressions over the SubjectAccessReview spec,
// compiled here.
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { parse } from '../../machinery/lazy/yaml.ts';
import { parseGoDuration } from '../../options/go-duration.ts';
import { aggregateString, duplicate, invalid, notSupported, required, forbidden, type FieldError } from '../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain } from '../../machinery/validation/names.ts';
import type { Decision } from '../../machinery/authorization/types.ts';
import { matchConditionCompileProblem, type AuthorizationMatchCondition } from './authorization-config-cel.ts';

export const AUTHORIZATION_CONFIG_KIND = 'AuthorizationConfiguration';
const API_VERSIONS = ['apiserver.config.orch.io/v1', 'apiserver.config.orch.io/v1beta1', 'apiserver.config.orch.io/v1alpha1'];
const TYPES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'];
const MAX_TIMEOUT_MS = 30_000;

export interface WebhookAuthorizerConfig {
  timeoutMs: number;
  authorizedTTLms: number;
  unauthorizedTTLms: number;
  version: 'v1' | 'v1beta1';
  failureDecision: Decision;
  kubeConfigFile: string;
  matchConditions: AuthorizationMatchCondition[];
}

export interface AuthorizerConfig {
  type: string;
  name: string;
  webhook?: WebhookAuthorizerConfig;
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

function duration(v: unknown, field: string, errs: FieldError[]): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  try {
    return parseGoDuration(String(v));
  } catch {
    errs.push(invalid(field, String(v), 'must be a valid duration'));
    return undefined;
  }
}

function webhookConfig(raw: Obj, path: string, errs: FieldError[]): WebhookAuthorizerConfig | undefined {
  const start = errs.length;
  const timeoutMs = duration(raw.timeout, `${path}.timeout`, errs);
  if (timeoutMs === undefined) {
    if (raw.timeout === undefined || raw.timeout === '') errs.push(required(`${path}.timeout`));
  } else if (timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) errs.push(invalid(`${path}.timeout`, String(raw.timeout), 'must be > 0s and <= 30s'));
  const cacheAuthorized = raw.cacheAuthorizedRequests !== false;
  const cacheUnauthorized = raw.cacheUnauthorizedRequests !== false;
  const authorizedTTLms = duration(raw.authorizedTTL, `${path}.authorizedTTL`, errs) ?? 0;
  const unauthorizedTTLms = duration(raw.unauthorizedTTL, `${path}.unauthorizedTTL`, errs) ?? 0;
  if (cacheAuthorized && authorizedTTLms <= 0 && !errs.some((e) => e.field === `${path}.authorizedTTL`)) errs.push(required(`${path}.authorizedTTL`));
  if (cacheUnauthorized && unauthorizedTTLms <= 0 && !errs.some((e) => e.field === `${path}.unauthorizedTTL`)) errs.push(required(`${path}.unauthorizedTTL`));
  const version = raw.subjectAccessReviewVersion;
  if (version === undefined || version === '') errs.push(required(`${path}.subjectAccessReviewVersion`));
  else if (version !== 'v1' && version !== 'v1beta1') errs.push(notSupported(`${path}.subjectAccessReviewVersion`, String(version), ['v1', 'v1beta1']));
  const policy = raw.failurePolicy;
  if (policy === undefined || policy === '') errs.push(required(`${path}.failurePolicy`));
  else if (policy !== 'NoOpinion' && policy !== 'Deny') errs.push(notSupported(`${path}.failurePolicy`, String(policy), ['NoOpinion', 'Deny']));
  const conn = obj(raw.connectionInfo) ?? {};
  let kubeConfigFile = '';
  if (conn.type === 'KubeConfigFile') {
    kubeConfigFile = typeof conn.kubeConfigFile === 'string' ? conn.kubeConfigFile : '';
    if (!kubeConfigFile) errs.push(required(`${path}.connectionInfo.kubeConfigFile`));
    else if (!isAbsolute(kubeConfigFile)) errs.push(invalid(`${path}.connectionInfo.kubeConfigFile`, kubeConfigFile, 'must be an absolute path'));
  } else if (conn.type === 'InClusterConfig') {
    errs.push(invalid(`${path}.connectionInfo.type`, 'InClusterConfig', 'this server does not run inside a cluster; use KubeConfigFile'));
  } else if (conn.type === undefined || conn.type === '') {
    errs.push(required(`${path}.connectionInfo.type`));
  } else {
    errs.push(notSupported(`${path}.connectionInfo.type`, String(conn.type), ['InClusterConfig', 'KubeConfigFile']));
  }
  const matchConditions = Array.isArray(raw.matchConditions) ? raw.matchConditions : [];
  const mcVersion = raw.matchConditionSubjectAccessReviewVersion;
  if (matchConditions.length && (mcVersion === undefined || mcVersion === '')) errs.push(required(`${path}.matchConditionSubjectAccessReviewVersion`, 'required if match conditions are specified'));
  else if (mcVersion !== undefined && mcVersion !== '' && mcVersion !== 'v1') errs.push(notSupported(`${path}.matchConditionSubjectAccessReviewVersion`, String(mcVersion), ['v1']));
  if (matchConditions.length > 64) errs.push(forbidden(`${path}.matchConditions`, 'must not have more than 64 elements'));
  const seen = new Set<string>();
  matchConditions.forEach((c, i) => {
    const expression = typeof obj(c)?.expression === 'string' ? (obj(c)!.expression as string) : '';
    const at = `${path}.matchConditions[${i}].expression`;
    if (!expression) errs.push(required(at));
    else if (seen.has(expression)) errs.push(duplicate(at, expression));
    else {
      const problem = matchConditionCompileProblem(expression);
      if (problem) errs.push(invalid(at, expression, `compilation failed: ${problem}`));
    }
    seen.add(expression);
  });
  if (errs.length > start) return undefined;
  return {
    timeoutMs: timeoutMs!,
    authorizedTTLms: cacheAuthorized ? authorizedTTLms : 0,
    unauthorizedTTLms: cacheUnauthorized ? unauthorizedTTLms : 0,
    version: version as 'v1' | 'v1beta1',
    failureDecision: policy === 'Deny' ? 'deny' : 'noOpinion',
    kubeConfigFile,
    matchConditions: matchConditions.map((c) => ({ expression: String(obj(c)?.expression) })),
  };
}

/** Validates a parsed document; throws one Error naming every problem. */
export function parseAuthorizationConfiguration(doc: unknown, source: string): AuthorizerConfig[] {
  const root = obj(doc);
  if (!root) throw new Error(`${source}: not an ${AUTHORIZATION_CONFIG_KIND} document`);
  if (root.kind !== AUTHORIZATION_CONFIG_KIND || !API_VERSIONS.includes(String(root.apiVersion))) {
    throw new Error(`${source}: expected kind ${AUTHORIZATION_CONFIG_KIND} of ${API_VERSIONS[0]}, got ${String(root.kind)} ${String(root.apiVersion)}`);
  }
  const errs: FieldError[] = [];
  const list = Array.isArray(root.authorizers) ? root.authorizers : [];
  if (list.length === 0) errs.push(required('authorizers', 'at least one authorization mode must be defined'));
  const names = new Set<string>();
  const types = new Set<string>();
  const out: AuthorizerConfig[] = [];
  list.forEach((item, i) => {
    const path = `authorizers[${i}]`;
    const a = obj(item) ?? {};
    const type = typeof a.type === 'string' ? a.type : '';
    const name = typeof a.name === 'string' ? a.name : '';
    if (!type) errs.push(required(`${path}.type`));
    else if (!TYPES.includes(type)) errs.push(notSupported(`${path}.type`, type, TYPES));
    else if (type !== 'Webhook' && types.has(type)) errs.push(duplicate(`${path}.type`, type));
    types.add(type);
    if (!name) errs.push(required(`${path}.name`));
    else {
      for (const msg of isDNS1123Subdomain(name)) errs.push(invalid(`${path}.name`, name, msg));
      if (names.has(name)) errs.push(duplicate(`${path}.name`, name));
      names.add(name);
    }
    let webhook: WebhookAuthorizerConfig | undefined;
    if (type === 'Webhook') {
      const raw = obj(a.webhook);
      if (!raw) errs.push(required(`${path}.webhook`));
      else webhook = webhookConfig(raw, `${path}.webhook`, errs);
    } else if (a.webhook !== undefined && a.webhook !== null) {
      errs.push(invalid(`${path}.webhook`, '<non-nil>', 'non-null webhook config is only allowed when type is Webhook'));
    }
    out.push({ type, name, ...(webhook ? { webhook } : {}) });
  });
  if (errs.length) throw new Error(`${source}: ${aggregateString(errs)}`);
  return out;
}

export function loadAuthorizationConfiguration(path: string): AuthorizerConfig[] {
  let doc: unknown;
  try {
    doc = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`--authorization-config ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return parseAuthorizationConfiguration(doc, `--authorization-config ${path}`);
}
