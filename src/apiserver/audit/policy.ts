// --audit-policy-file: the Policy object (audit.orch.io/v1, or audit.k8s.io/v1 as written for
// Kubernetes), read from YAML or JSON and checked field by field as Kubernetes validates it.
import { readFileSync } from 'node:fs';
import { parse } from '../../machinery/lazy/yaml.ts';
import { AUDIT_API_VERSION, KUBERNETES_AUDIT_API_VERSION, LEVELS, STAGES, type Level, type Stage } from './types.ts';

export interface GroupResources {
  group: string;
  resources: string[];
  resourceNames: string[];
}

export interface PolicyRule {
  level: Level;
  users: string[];
  userGroups: string[];
  verbs: string[];
  resources: GroupResources[];
  namespaces: string[];
  nonResourceURLs: string[];
  omitStages: Stage[];
  /** Absent: the policy's setting applies. */
  omitManagedFields?: boolean;
}

export interface Policy {
  rules: PolicyRule[];
  omitStages: Stage[];
  omitManagedFields: boolean;
}

/** A policy that cannot be used; the message names the field at fault. */
export class PolicyError extends Error {}

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringList(v: unknown, path: string, errors: string[]): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) {
    errors.push(`${path}: Invalid value: must be a list of strings`);
    return [];
  }
  return v as string[];
}

function stages(v: unknown, path: string, errors: string[]): Stage[] {
  const list = stringList(v, path, errors);
  list.forEach((s, i) => {
    if (!(STAGES as readonly string[]).includes(s)) {
      errors.push(`${path}[${i}]: Unsupported value: ${JSON.stringify(s)}: supported values: ${STAGES.map((x) => JSON.stringify(x)).join(', ')}`);
    }
  });
  return list as Stage[];
}

function optionalBool(v: unknown, path: string, errors: string[]): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') {
    errors.push(`${path}: Invalid value: ${JSON.stringify(v)}: must be true or false`);
    return undefined;
  }
  return v;
}

function groupResources(v: unknown, path: string, errors: string[]): GroupResources[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    errors.push(`${path}: Invalid value: must be a list of group resources`);
    return [];
  }
  return v.map((gr, i) => {
    const p = `${path}[${i}]`;
    if (!isObject(gr)) {
      errors.push(`${p}: Invalid value: must be an object with group, resources and resourceNames`);
      return { group: '', resources: [], resourceNames: [] };
    }
    const group = gr.group ?? '';
    if (typeof group !== 'string') errors.push(`${p}.group: Invalid value: must be a string`);
    else if (group.includes('/')) errors.push(`${p}.group: Invalid value: ${JSON.stringify(group)}: must not contain '/'`);
    const resources = stringList(gr.resources, `${p}.resources`, errors);
    const resourceNames = stringList(gr.resourceNames, `${p}.resourceNames`, errors);
    if (resourceNames.length > 0) {
      if (resources.length === 0) errors.push(`${p}.resourceNames: Invalid value: ${JSON.stringify(resourceNames)}: using resourceNames requires at least one resource`);
      resources.forEach((r, j) => {
        if (r === '*' || r.startsWith('*/')) {
          errors.push(`${p}.resources[${j}]: Invalid value: ${JSON.stringify(r)}: using resourceNames requires resources without a wildcard`);
        }
      });
    }
    return { group: typeof group === 'string' ? group : '', resources, resourceNames };
  });
}

function nonResourceURLs(v: unknown, path: string, errors: string[]): string[] {
  const urls = stringList(v, path, errors);
  urls.forEach((url, i) => {
    if (url === '*') return;
    if (!url.startsWith('/')) errors.push(`${path}[${i}]: Invalid value: ${JSON.stringify(url)}: non-resource URL rules must begin with a '/' character`);
    if (url.slice(0, -1).includes('*')) errors.push(`${path}[${i}]: Invalid value: ${JSON.stringify(url)}: non-resource URL wildcards '*' must be the final character of the rule`);
  });
  return urls;
}

function rule(v: unknown, path: string, errors: string[]): PolicyRule {
  if (!isObject(v)) {
    errors.push(`${path}: Invalid value: must be an object`);
    return { level: 'None', users: [], userGroups: [], verbs: [], resources: [], namespaces: [], nonResourceURLs: [], omitStages: [] };
  }
  let level: Level = 'None';
  if (v.level === undefined || v.level === null || v.level === '') errors.push(`${path}.level: Required value`);
  else if (!(LEVELS as readonly unknown[]).includes(v.level)) {
    errors.push(`${path}.level: Unsupported value: ${JSON.stringify(v.level)}: supported values: ${LEVELS.map((x) => JSON.stringify(x)).join(', ')}`);
  } else level = v.level as Level;
  const out: PolicyRule = {
    level,
    users: stringList(v.users, `${path}.users`, errors),
    userGroups: stringList(v.userGroups, `${path}.userGroups`, errors),
    verbs: stringList(v.verbs, `${path}.verbs`, errors),
    resources: groupResources(v.resources, `${path}.resources`, errors),
    namespaces: stringList(v.namespaces, `${path}.namespaces`, errors),
    nonResourceURLs: nonResourceURLs(v.nonResourceURLs, `${path}.nonResourceURLs`, errors),
    omitStages: stages(v.omitStages, `${path}.omitStages`, errors),
  };
  const omit = optionalBool(v.omitManagedFields, `${path}.omitManagedFields`, errors);
  if (omit !== undefined) out.omitManagedFields = omit;
  if (out.nonResourceURLs.length > 0 && (out.resources.length > 0 || out.namespaces.length > 0)) {
    errors.push(`${path}.nonResourceURLs: Invalid value: ${JSON.stringify(out.nonResourceURLs)}: rules cannot apply to both regular resources and non-resource URLs`);
  }
  return out;
}

/** Parses and validates a policy document; throws PolicyError listing every problem. */
export function parsePolicy(text: string): Policy {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    throw new PolicyError(`not valid YAML or JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isObject(doc)) throw new PolicyError('expected a Policy object');
  const { apiVersion, kind } = doc;
  if (apiVersion !== AUDIT_API_VERSION && apiVersion !== KUBERNETES_AUDIT_API_VERSION) {
    throw new PolicyError(`unknown apiVersion ${JSON.stringify(apiVersion ?? '')}: want ${AUDIT_API_VERSION} (or ${KUBERNETES_AUDIT_API_VERSION})`);
  }
  if (kind !== 'Policy') throw new PolicyError(`unknown kind ${JSON.stringify(kind ?? '')}: want Policy`);
  const errors: string[] = [];
  if (doc.rules !== undefined && doc.rules !== null && !Array.isArray(doc.rules)) errors.push('rules: Invalid value: must be a list of rules');
  const rules = Array.isArray(doc.rules) ? doc.rules.map((r, i) => rule(r, `rules[${i}]`, errors)) : [];
  const policy: Policy = {
    rules,
    omitStages: stages(doc.omitStages, 'omitStages', errors),
    omitManagedFields: optionalBool(doc.omitManagedFields, 'omitManagedFields', errors) ?? false,
  };
  if (errors.length) throw new PolicyError(errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`);
  if (rules.length === 0) throw new PolicyError('loaded illegal policy with 0 rules');
  return policy;
}

/** Reads --audit-policy-file; any problem is one line naming the flag and the file. */
export function loadPolicyFile(path: string): Policy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`--audit-policy-file: failed to read policy file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return parsePolicy(text);
  } catch (err) {
    if (err instanceof PolicyError) throw new Error(`--audit-policy-file: failed to load policy from file ${path}: ${err.message}`);
    throw err;
  }
}
