// --authentication-config: an AuthenticationConfiguration (apiserver.config.orch.io) file in YAML
// or JSON with JWT authenticators and anonymous settings. CEL expressions are not supported: a
// file using one is refused at start-up, naming the field, rather than half-honoured.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { parseCertBundle } from './cert-verify.ts';
import { ALL_SIGNING_ALGS, type ClaimMapping, type JwtAuthenticatorConfig } from './jwt.ts';

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

function noCEL(p: Problems, path: string, o: Obj): void {
  if (text(o.expression) !== '') p.add(`${path}.expression`, 'CEL expressions are not supported by this server; use claim-based rules');
}

function mapping(p: Problems, path: string, v: unknown, required: boolean): ClaimMapping | undefined {
  const o = obj(v);
  noCEL(p, path, o);
  const claim = text(o.claim);
  if (claim === '') {
    if (required && text(o.expression) === '') p.add(`${path}`, 'claim or expression is required');
    if (o.prefix !== undefined && claim === '') p.add(`${path}.prefix`, 'may only be set when claim is set');
    return undefined;
  }
  if (typeof o.prefix !== 'string') p.add(`${path}.prefix`, 'required value when claim is set. It can be set to an empty string to disable prefixing');
  return { claim, prefix: text(o.prefix) };
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

  const rules = arr(o.claimValidationRules).map((r, i) => {
    const rule = obj(r);
    noCEL(p, `${path}.claimValidationRules[${i}]`, rule);
    if (text(rule.claim) === '' && text(rule.expression) === '') p.add(`${path}.claimValidationRules[${i}]`, 'claim or expression is required');
    return { claim: text(rule.claim), requiredValue: text(rule.requiredValue) };
  });
  const cm = obj(o.claimMappings);
  const username = mapping(p, `${path}.claimMappings.username`, cm.username, true);
  const groups = cm.groups === undefined ? undefined : mapping(p, `${path}.claimMappings.groups`, cm.groups, false);
  const uidObj = obj(cm.uid);
  noCEL(p, `${path}.claimMappings.uid`, uidObj);
  if (arr(cm.extra).length) p.add(`${path}.claimMappings.extra`, 'extra mappings need CEL expressions, which this server does not support');
  if (arr(o.userValidationRules).length) p.add(`${path}.userValidationRules`, 'user validation rules need CEL expressions, which this server does not support');
  return {
    issuer: { url, audiences, ...(discoveryURL ? { discoveryURL } : {}), ...(ca ? { certificateAuthority: ca } : {}) },
    claimValidationRules: rules.filter((r) => r.claim !== ''),
    claimMappings: {
      username: username ?? { claim: '', prefix: '' },
      ...(groups ? { groups } : {}),
      ...(text(uidObj.claim) ? { uid: { claim: text(uidObj.claim) } } : {}),
    },
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
