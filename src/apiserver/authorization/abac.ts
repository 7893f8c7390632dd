// Mode ABAC: --authorization-policy-file, one JSON policy a line, as Kubernetes reads it. A line
// is an `abac.authorization.orch.io/v1beta1` Policy, or the legacy unversioned form (converted
// as Kubernetes converts v0: no user and no group, or "*", means every authenticated user; no
// namespace or resource means all; any API group). Blank lines and lines starting with # are
// skipped. A request is allowed when a policy matches it; otherwise no opinion.
import { readFileSync } from 'node:fs';
import { klog } from '../../component-base/logs/klog.ts';
import { AUTHENTICATED_GROUP } from '../../component-base/authentication/types.ts';
import type { Attributes, Authorizer } from '../../machinery/authorization/types.ts';

const log = klog('authorization/abac');

export const ABAC_API_VERSION = 'abac.authorization.orch.io/v1beta1';
const ACCEPTED_API_VERSIONS = new Set([ABAC_API_VERSION, 'abac.authorization.kubernetes.io/v1beta1']);

export interface AbacPolicySpec {
  user: string;
  group: string;
  readonly: boolean;
  apiGroup: string;
  resource: string;
  namespace: string;
  nonResourcePath: string;
}

const SPEC_FIELDS: Record<keyof AbacPolicySpec, 'string' | 'boolean'> = {
  user: 'string',
  group: 'string',
  readonly: 'boolean',
  apiGroup: 'string',
  resource: 'string',
  namespace: 'string',
  nonResourcePath: 'string',
};

function readSpec(raw: Record<string, unknown>, allowed: readonly string[]): AbacPolicySpec {
  const spec: AbacPolicySpec = { user: '', group: '', readonly: false, apiGroup: '', resource: '', namespace: '', nonResourcePath: '' };
  for (const [key, value] of Object.entries(raw)) {
    if (!allowed.includes(key)) continue;
    const want = SPEC_FIELDS[key as keyof AbacPolicySpec];
    if (value === null || value === undefined) continue;
    if (typeof value !== want) throw new Error(`json: cannot unmarshal ${typeof value} into Go struct field PolicySpec.${key} of type ${want === 'boolean' ? 'bool' : 'string'}`);
    (spec as unknown as Record<string, unknown>)[key] = value;
  }
  return spec;
}

/** One line to a policy; throws with the reason the line is refused. */
export function parsePolicyLine(line: string): { spec: AbacPolicySpec; unversioned: boolean } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (err) {
    throw new Error(`invalid JSON: ${(err as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('a policy must be a JSON object');
  const obj = raw as Record<string, unknown>;
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  if (apiVersion === '' && kind === '') {
    // The legacy form: user, group, readonly, resource and namespace at the top level.
    const v0 = readSpec(obj, ['user', 'group', 'readonly', 'resource', 'namespace']);
    const spec = { ...v0, apiGroup: '*', nonResourcePath: '' };
    if (!v0.user && !v0.group) spec.group = AUTHENTICATED_GROUP;
    if (v0.user === '*' || v0.group === '*') {
      spec.group = AUTHENTICATED_GROUP;
      spec.user = '';
    }
    if (!v0.namespace) spec.namespace = '*';
    if (!v0.resource) {
      spec.resource = '*';
      spec.nonResourcePath = '*';
    }
    return { spec, unversioned: true };
  }
  if (!ACCEPTED_API_VERSIONS.has(apiVersion)) throw new Error(`no kind "${kind}" is registered for version "${apiVersion}"`);
  if (kind !== 'Policy') throw new Error(`no kind "${kind}" is registered for version "${apiVersion}"`);
  const rawSpec = obj.spec && typeof obj.spec === 'object' ? (obj.spec as Record<string, unknown>) : {};
  const spec = readSpec(rawSpec, Object.keys(SPEC_FIELDS));
  // v1beta1: a "*" user or group means every authenticated user.
  if (spec.user === '*' || spec.group === '*') {
    spec.group = AUTHENTICATED_GROUP;
    spec.user = '';
  }
  return { spec, unversioned: false };
}

export function loadPolicyFile(path: string): AbacPolicySpec[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`--authorization-policy-file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const policies: AbacPolicySpec[] = [];
  let unversioned = 0;
  text.split('\n').forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    try {
      const parsed = parsePolicyLine(trimmed);
      if (parsed.unversioned) unversioned++;
      policies.push(parsed.spec);
    } catch (err) {
      throw new Error(`error reading policy file ${path}, line ${i + 1}: ${trimmed}: ${(err as Error).message}`);
    }
  });
  if (unversioned > 0) log.warning(`Policy file ${path} contained unversioned rules. See docs/admin/authorization.md#abac-mode for ABAC file format details.`, { unversionedLines: unversioned });
  return policies;
}

function subjectMatches(p: AbacPolicySpec, attrs: Attributes): boolean {
  let matched = false;
  if (p.user) {
    if (p.user === '*') matched = true;
    else if (p.user === attrs.user.name) matched = true;
    else return false;
  }
  if (p.group) {
    if (p.group === '*') matched = true;
    else if (attrs.user.groups.includes(p.group)) matched = true;
    else return false;
  }
  return matched;
}

const READ_ONLY_VERBS = new Set(['get', 'list', 'watch']);

function verbMatches(p: AbacPolicySpec, attrs: Attributes): boolean {
  return READ_ONLY_VERBS.has(attrs.verb) || !p.readonly;
}

function resourceMatches(p: AbacPolicySpec, attrs: Attributes): boolean {
  if (!attrs.isResourceRequest) return false;
  return (
    (p.namespace === '*' || p.namespace === attrs.namespace) &&
    (p.resource === '*' || p.resource === attrs.resource) &&
    (p.apiGroup === '*' || p.apiGroup === attrs.apiGroup)
  );
}

function nonResourceMatches(p: AbacPolicySpec, attrs: Attributes): boolean {
  if (attrs.isResourceRequest) return false;
  if (p.nonResourcePath === '*' || p.nonResourcePath === attrs.path) return true;
  return p.nonResourcePath.endsWith('*') && attrs.path.startsWith(p.nonResourcePath.replace(/\*+$/, ''));
}

export function policyMatches(p: AbacPolicySpec, attrs: Attributes): boolean {
  return subjectMatches(p, attrs) && verbMatches(p, attrs) && (resourceMatches(p, attrs) || nonResourceMatches(p, attrs));
}

export function abacAuthorizer(policies: readonly AbacPolicySpec[]): Authorizer {
  return {
    authorize(attrs) {
      for (const p of policies) if (policyMatches(p, attrs)) return { decision: 'allow', reason: '' };
      return { decision: 'noOpinion', reason: 'No policy matched.' };
    },
  };
}
