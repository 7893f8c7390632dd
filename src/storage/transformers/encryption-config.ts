// --encryption-provider-config: an EncryptionConfiguration (apiserver.config.orch.io/v1, or the
// apiserver.config.k8s.io/v1 spelling of existing files) naming, per resource, the providers that
// encrypt its values. Parsing validates the whole file and builds one transformer per rule; a bad
// file is refused as a whole with every problem named by its field path.
//
// Stored values keep Kubernetes' `k8s:enc:<provider>:v1:<key>:` prefixes unbranded: the prefix is
// a data format, not a name, so values encrypted by Kubernetes stay readable here (and back), and
// tools that check etcd for `k8s:enc:` to prove encryption keep working.
import { parse as parseYaml } from '../../machinery/lazy/yaml.ts';
import { aesCbcTransformer } from './aes-cbc.ts';
import { aesGcmTransformer } from './aes-gcm.ts';
import { secretboxTransformer } from './secretbox.ts';
import { prefixTransformer, type PrefixedProvider } from './prefix.ts';
import { identityTransformer, type ValueTransformer } from './transformer.ts';
import { parseResourceRule, ruleCovers, ruleMatches, type ResourceRule } from './resource-rules.ts';

export const ENCRYPTION_CONFIG_API_VERSIONS = ['apiserver.config.orch.io/v1', 'apiserver.config.k8s.io/v1'] as const;

const AES_KEY_SIZES = [16, 24, 32];
const SECRETBOX_KEY_SIZES = [32];
const PROVIDER_NAMES = ['aesgcm', 'aescbc', 'secretbox', 'identity', 'kms'] as const;

export interface EncryptionRule {
  resources: ResourceRule[];
  /** Provider names in order, e.g. ["aescbc:key2", "aescbc:key1", "identity"] (for logs). */
  providers: string[];
  transformer: ValueTransformer;
}

export interface EncryptionConfig {
  rules: EncryptionRule[];
  /** The transformer for values of a group/resource; identity when no rule names it. */
  transformerFor(gr: { group: string; resource: string }): ValueTransformer;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

class Problems {
  readonly list: string[] = [];
  add(field: string, message: string): void {
    this.list.push(`${field}: ${message}`);
  }
}

function decodeKey(secret: unknown, field: string, sizes: number[], problems: Problems): Buffer | undefined {
  if (typeof secret !== 'string' || secret === '') {
    problems.add(field, 'Required value');
    return undefined;
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(secret) || secret.length % 4 !== 0) {
    problems.add(field, 'Invalid value: "REDACTED": secrets must be base64 encoded');
    return undefined;
  }
  const key = Buffer.from(secret, 'base64');
  if (!sizes.includes(key.length)) {
    problems.add(field, `Invalid value: "REDACTED": secret is not of the expected length, got ${key.length}, expected one of [${sizes.join(' ')}]`);
    return undefined;
  }
  return key;
}

function keyedProviders(
  name: 'aescbc' | 'aesgcm' | 'secretbox',
  config: unknown,
  field: string,
  problems: Problems,
): PrefixedProvider[] {
  const keys = isObj(config) ? config.keys : undefined;
  if (!Array.isArray(keys) || keys.length === 0) {
    problems.add(`${field}.keys`, 'Required value: at least one key must be specified');
    return [];
  }
  const seen = new Set<string>();
  const out: PrefixedProvider[] = [];
  for (const [i, k] of keys.entries()) {
    const kf = `${field}.keys[${i}]`;
    const keyName = isObj(k) ? k.name : undefined;
    if (typeof keyName !== 'string' || keyName === '') problems.add(`${kf}.name`, 'Required value: key name is required');
    else if (keyName.includes(':')) problems.add(`${kf}.name`, `Invalid value: ${JSON.stringify(keyName)}: key name must not contain ":"`);
    else if (seen.has(keyName)) problems.add(`${kf}.name`, `Duplicate value: ${JSON.stringify(keyName)}`);
    const key = decodeKey(isObj(k) ? k.secret : undefined, `${kf}.secret`, name === 'secretbox' ? SECRETBOX_KEY_SIZES : AES_KEY_SIZES, problems);
    if (typeof keyName !== 'string' || !key) continue;
    seen.add(keyName);
    const transformer = name === 'aescbc' ? aesCbcTransformer(key) : name === 'aesgcm' ? aesGcmTransformer(key) : secretboxTransformer(key);
    out.push({ prefix: `k8s:enc:${name}:v1:${keyName}:`, transformer });
  }
  return out;
}

function ruleProviders(providers: unknown, field: string, problems: Problems): { providers: PrefixedProvider[]; names: string[] } {
  const out: PrefixedProvider[] = [];
  const names: string[] = [];
  if (!Array.isArray(providers) || providers.length === 0) {
    problems.add(field, 'Required value: at least one provider must be specified');
    return { providers: out, names };
  }
  for (const [i, p] of providers.entries()) {
    const pf = `${field}[${i}]`;
    const given = isObj(p) ? PROVIDER_NAMES.filter((n) => p[n] !== undefined && p[n] !== null) : [];
    if (given.length === 0) {
      problems.add(pf, 'Invalid value: provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity');
      continue;
    }
    if (given.length > 1) {
      problems.add(pf, 'Invalid value: more than one provider specified in a single element, should split into different list elements');
      continue;
    }
    const name = given[0]!;
    if (name === 'kms') {
      problems.add(`${pf}.kms`, 'Forbidden: kms providers are not supported by orch-apiserver; use aescbc, aesgcm or secretbox');
      continue;
    }
    if (name === 'identity') {
      out.push({ prefix: '', transformer: identityTransformer });
      names.push('identity');
      continue;
    }
    const keyed = keyedProviders(name, (p as Obj)[name], `${pf}.${name}`, problems);
    out.push(...keyed);
    names.push(...keyed.map((k) => `${name}:${k.prefix.split(':')[4]}`));
  }
  return { providers: out, names };
}

/** Parses and validates a configuration file's text; throws one Error naming every problem. */
export function parseEncryptionConfig(text: string, source: string): EncryptionConfig {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new Error(`${source}: error while parsing file: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isObj(doc)) throw new Error(`${source}: error while parsing file: not an EncryptionConfiguration object`);
  if (doc.kind !== 'EncryptionConfiguration') throw new Error(`${source}: kind ${JSON.stringify(doc.kind ?? '')} is not EncryptionConfiguration`);
  if (!ENCRYPTION_CONFIG_API_VERSIONS.includes(doc.apiVersion as (typeof ENCRYPTION_CONFIG_API_VERSIONS)[number])) {
    throw new Error(`${source}: apiVersion ${JSON.stringify(doc.apiVersion ?? '')} is not one of ${ENCRYPTION_CONFIG_API_VERSIONS.join(', ')}`);
  }
  const problems = new Problems();
  const rules: EncryptionRule[] = [];
  const entries = doc.resources;
  if (!Array.isArray(entries) || entries.length === 0) problems.add('resources', 'Required value: EncryptionConfiguration.Resources must contain at least one resource');
  const claimed: { rule: ResourceRule; field: string }[] = [];
  for (const [i, entry] of (Array.isArray(entries) ? entries : []).entries()) {
    const ef = `resources[${i}]`;
    const names = isObj(entry) ? entry.resources : undefined;
    const resources: ResourceRule[] = [];
    if (!Array.isArray(names) || names.length === 0) problems.add(`${ef}.resources`, 'Required value: at least one resource must be specified');
    for (const [j, name] of (Array.isArray(names) ? names : []).entries()) {
      const rf = `${ef}.resources[${j}]`;
      const parsed = parseResourceRule(name);
      if (typeof parsed === 'string') {
        problems.add(rf, `Invalid value: ${JSON.stringify(name)}: ${parsed}`);
        continue;
      }
      const earlier = claimed.find((c) => ruleCovers(c.rule, parsed));
      if (earlier) {
        problems.add(rf, `Invalid value: ${JSON.stringify(name)}: ${ruleCovers(parsed, earlier.rule) ? 'duplicate resource' : `masked by the earlier rule ${JSON.stringify(earlier.rule.text)} at ${earlier.field}`}`);
        continue;
      }
      claimed.push({ rule: parsed, field: rf });
      resources.push(parsed);
    }
    const { providers, names: providerNames } = ruleProviders(isObj(entry) ? entry.providers : undefined, `${ef}.providers`, problems);
    if (resources.length && providers.length) rules.push({ resources, providers: providerNames, transformer: prefixTransformer(providers) });
  }
  if (problems.list.length) throw new Error(`${source}: ${problems.list.join('; ')}`);
  return {
    rules,
    transformerFor(gr) {
      // The most specific rule wins: exact, then group wildcard, then "*.*" (masking is refused above).
      for (const specificity of [2, 1, 0]) {
        for (const rule of rules) if (rule.resources.some((r) => r.specificity === specificity && ruleMatches(r, gr))) return rule.transformer;
      }
      return identityTransformer;
    },
  };
}
