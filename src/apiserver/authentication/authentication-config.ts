// --authentication-config: an AuthenticationConfiguration (apiserver.config.orch.io) file in YAML
// or JSON with JWT authenticators and anonymous settings. CEL expressions (claim validation,
// claim mappings, extra mappings, user validation rules) are compiled here: one that does not
// compile stops the start, naming the field.
import { readFileSync } from 'node:fs';
import { parse } from '../../machinery/lazy/yaml.ts';
import { parseCertBundle } from '../../component-base/authentication/cert-verify.ts';
import { ALL_SIGNING_ALGS, type ClaimMapping, type JwtAuthenticatorConfig } from './jwt.ts';
import { claimsCel, compileProblem, userCel, type CelRule, type ExtraMapping } from './jwt-cel.ts';
import type { CelCompiler } from '../../machinery/cel/index.ts';

export const CONFIG_GROUP = 'apiserver.config.orch.io';
const VERSIONS = new Set(['v1', 'v1beta1', 'v1alpha1']);

export interface AnonymousConfig {
  enabled: boolean;
  /** Paths anonymous requests may reach; empty: any. */
  paths: string[];
}

export interface AuthenticationConfiguration {
  jwt: JwtAuthenticatorConfig[];
  anonymous?: AnonymousConfig;
}

type Obj = Record<string, unknown>;

class Problems {
  list: string[] = [];
  add(path: string, message: string): void {
    this.list.push(`${path}: ${message}`);
  }
}

const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function compiles(p: Problems, path: string, expression: string, compiler: CelCompiler = claimsCel): void {
  const problem = compileProblem(compiler, expression);
  if (problem) p.add(path, `Invalid value: ${JSON.stringify(expression)}: compilation failed: ${problem}`);
}

function mapping(p: Problems, path: string, v: unknown, required: boolean): ClaimMapping | undefined {
  const o = obj(v);
  const claim = text(o.claim);
  const expression = text(o.expression);
  if (claim !== '' && expression !== '') {
    p.add(path, "claim and expression can't both be set");
    return undefined;
  }
  if (expression !== '') {
    if (o.prefix !== undefined) p.add(`${path}.prefix`, 'may not be specified when expression is set');
    compiles(p, `${path}.expression`, expression);
    return { claim: '', prefix: '', expression };
  }
  if (claim === '') {
    if (required) p.add(`${path}`, 'claim or expression is required');
    if (o.prefix !== undefined) p.add(`${path}.prefix`, 'may only be set when claim is set');
    return undefined;
  }
  if (typeof o.prefix !== 'string') p.add(`${path}.prefix`, 'required value when claim is set. It can be set to an empty string to disable prefixing');
  return { claim, prefix: text(o.prefix) };
}

const EXTRA_KEY = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/\S+$/;

function extraMappings(p: Problems, path: string, v: unknown): ExtraMapping[] {
  const seen = new Set<string>();
  return arr(v).map((e, i) => {
    const o = obj(e);
    const key = text(o.key);
    const valueExpression = text(o.valueExpression);
    if (key === '') p.add(`${path}[${i}].key`, 'Required value');
    else if (!EXTRA_KEY.test(key)) p.add(`${path}[${i}].key`, `Invalid value: ${JSON.stringify(key)}: must be a domain-prefix path (such as "acme.io/foo")`);
    else if (key !== key.toLowerCase()) p.add(`${path}[${i}].key`, `Invalid value: ${JSON.stringify(key)}: key must be lowercase`);
    if (seen.has(key)) p.add(`${path}[${i}].key`, `Duplicate value: ${JSON.stringify(key)}`);
    seen.add(key);
    if (valueExpression === '') p.add(`${path}[${i}].valueExpression`, 'Required value');
    else compiles(p, `${path}[${i}].valueExpression`, valueExpression);
    return { key, valueExpression };
  });
}

function celRules(p: Problems, path: string, v: unknown, compiler: CelCompiler): CelRule[] {
  const seen = new Set<string>();
  return arr(v).map((r, i) => {
    const o = obj(r);
    const expression = text(o.expression);
    if (expression === '') p.add(`${path}[${i}].expression`, 'Required value');
    else compiles(p, `${path}[${i}].expression`, expression, compiler);
    if (seen.has(expression)) p.add(`${path}[${i}].expression`, `Duplicate value: ${JSON.stringify(expression)}`);
    seen.add(expression);
    return { expression, message: text(o.message) };
  });
}

function jwtEntry(p: Problems, path: string, v: unknown, seen: Set<string>): JwtAuthenticatorConfig {
  const o = obj(v);
  const issuer = obj(o.issuer);
  const url = text(issuer.url);
  if (url === '') p.add(`${path}.issuer.url`, 'Required value');
  else if (!URL.canParse(url) || new URL(url).protocol !== 'https:') p.add(`${path}.issuer.url`, 'must be a valid https URL');
  else if (seen.has(url)) p.add(`${path}.issuer.url`, 'Duplicate value');
  seen.add(url);
  const discoveryURL = text(issuer.discoveryURL);
  if (discoveryURL !== '') {
    if (!URL.canParse(discoveryURL) || new URL(discoveryURL).protocol !== 'https:') p.add(`${path}.issuer.discoveryURL`, 'must be a valid https URL');
    else if (discoveryURL.replace(/\/$/, '') === url.replace(/\/$/, '')) p.add(`${path}.issuer.discoveryURL`, 'discoveryURL must be different from URL');
  }
  const ca = text(issuer.certificateAuthority);
  if (ca !== '') {
    try {
      parseCertBundle(ca, 'certificateAuthority');
    } catch (err) {
      p.add(`${path}.issuer.certificateAuthority`, (err as Error).message);
    }
  }
  const audiences = arr(issuer.audiences).map(text);
  if (audiences.length === 0) p.add(`${path}.issuer.audiences`, 'at least one issuer.audiences is required');
  if (audiences.some((a) => a === '')) p.add(`${path}.issuer.audiences`, 'audience must not be empty');
  if (new Set(audiences).size !== audiences.length) p.add(`${path}.issuer.audiences`, 'Duplicate value');
  const policy = text(issuer.audienceMatchPolicy);
  if (audiences.length > 1 && policy !== 'MatchAny') p.add(`${path}.issuer.audienceMatchPolicy`, 'audienceMatchPolicy must be MatchAny for multiple audiences');
  if (audiences.length <= 1 && policy !== '' && policy !== 'MatchAny') p.add(`${path}.issuer.audienceMatchPolicy`, 'audienceMatchPolicy must be empty or MatchAny for single audience');

  const rules: Array<{ claim: string; requiredValue: string }> = [];
  const ruleExpressions: CelRule[] = [];
  arr(o.claimValidationRules).forEach((r, i) => {
    const rule = obj(r);
    const at = `${path}.claimValidationRules[${i}]`;
    const claim = text(rule.claim);
    const expression = text(rule.expression);
    if (claim === '' && expression === '') p.add(at, 'claim or expression is required');
    else if (claim !== '' && expression !== '') p.add(at, "claim and expression can't both be set");
    else if (expression !== '') {
      if (text(rule.requiredValue) !== '') p.add(`${at}.requiredValue`, 'may not be specified when expression is set');
      compiles(p, `${at}.expression`, expression);
      ruleExpressions.push({ expression, message: text(rule.message) });
    } else {
      if (text(rule.message) !== '') p.add(`${at}.message`, 'may not be specified when claim is set');
      rules.push({ claim, requiredValue: text(rule.requiredValue) });
    }
  });
  const cm = obj(o.claimMappings);
  const username = mapping(p, `${path}.claimMappings.username`, cm.username, true);
  const groups = cm.groups === undefined ? undefined : mapping(p, `${path}.claimMappings.groups`, cm.groups, false);
  const uidObj = obj(cm.uid);
  const uidClaim = text(uidObj.claim);
  const uidExpression = text(uidObj.expression);
  if (uidClaim !== '' && uidExpression !== '') p.add(`${path}.claimMappings.uid`, "claim and expression can't both be set");
  else if (uidExpression !== '') compiles(p, `${path}.claimMappings.uid.expression`, uidExpression);
  const extra = extraMappings(p, `${path}.claimMappings.extra`, cm.extra);
  const userRules = celRules(p, `${path}.userValidationRules`, o.userValidationRules, userCel);
  // As Kubernetes: a username taken from claims.email by expression must also look at email_verified.
  if (username?.expression && /claims\.email\b(?!_)|claims\[["']email["']\]/.test(username.expression)) {
    const all = [username.expression, ...extra.map((e) => e.valueExpression), ...ruleExpressions.map((r) => r.expression)].join('\n');
    if (!all.includes('email_verified')) {
      p.add(
        `${path}.claimMappings.username.expression`,
        'claims.email_verified must be used in claimMappings.username.expression or claimMappings.extra[*].valueExpression or claimValidationRules[*].expression when claims.email is used in claimMappings.username.expression',
      );
    }
  }
  return {
    issuer: { url, audiences, ...(discoveryURL ? { discoveryURL } : {}), ...(ca ? { certificateAuthority: ca } : {}) },
    claimValidationRules: rules,
    ...(ruleExpressions.length ? { claimValidationExpressions: ruleExpressions } : {}),
    claimMappings: {
      username: username ?? { claim: '', prefix: '' },
      ...(groups ? { groups } : {}),
      ...(uidExpression ? { uid: { claim: '', expression: uidExpression } } : uidClaim ? { uid: { claim: uidClaim } } : {}),
      ...(extra.length ? { extra } : {}),
    },
    ...(userRules.length ? { userValidationRules: userRules } : {}),
    signingAlgs: ALL_SIGNING_ALGS,
  };
}

/** Parses and checks the file; every problem is reported in one start-up error. */
export function parseAuthenticationConfiguration(source: string, content: string): AuthenticationConfiguration {
  let doc: Obj;
  try {
    doc = obj(parse(content));
  } catch (err) {
    throw new Error(`--authentication-config ${source}: ${(err as Error).message}`);
  }
  const p = new Problems();
  const [group, version] = text(doc.apiVersion).split('/');
  if (group !== CONFIG_GROUP || !VERSIONS.has(version ?? '')) p.add('apiVersion', `want ${CONFIG_GROUP}/v1, got ${JSON.stringify(doc.apiVersion ?? '')}`);
  if (doc.kind !== 'AuthenticationConfiguration') p.add('kind', `want AuthenticationConfiguration, got ${JSON.stringify(doc.kind ?? '')}`);
  const seen = new Set<string>();
  const jwt = arr(doc.jwt).map((entry, i) => jwtEntry(p, `jwt[${i}]`, entry, seen));
  let anonymous: AnonymousConfig | undefined;
  if (doc.anonymous !== undefined && doc.anonymous !== null) {
    const a = obj(doc.anonymous);
    const paths = arr(a.conditions).map((c, i) => {
      const path = text(obj(c).path);
      if (path === '') p.add(`anonymous.conditions[${i}].path`, 'Required value');
      return path;
    });
    if (a.enabled !== true && paths.length) p.add('anonymous.conditions', 'enabled should be set to true when conditions are defined');
    if (new Set(paths).size !== paths.length) p.add('anonymous.conditions', 'Duplicate value');
    anonymous = { enabled: a.enabled === true, paths };
  }
  if (p.list.length) throw new Error(`--authentication-config ${source}: ${p.list.join('; ')}`);
  return { jwt, ...(anonymous ? { anonymous } : {}) };
}

export function loadAuthenticationConfiguration(file: string): AuthenticationConfiguration {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`--authentication-config ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return parseAuthenticationConfiguration(file, content);
}
