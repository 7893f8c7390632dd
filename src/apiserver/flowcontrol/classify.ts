// Which FlowSchema a request matches: schemas are tried by matchingPrecedence then name, and the
// first with a rule whose subjects and resource or non-resource rules match wins; its
// distinguisher method names the request's flow.
import type { FlowSchema, FlowSubject, NonResourcePolicyRule, PolicyRulesWithSubjects, ResourcePolicyRule } from '../../api/flowcontrol/v1/types.ts';
import type { RequestInfo, UserInfo } from '../../component-base/serving/request-context.ts';

const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

export interface RequestDigest {
  requestInfo: RequestInfo;
  user: UserInfo;
}

/** Kubernetes' order of evaluation. */
export function compareFlowSchemas(a: FlowSchema, b: FlowSchema): number {
  const pa = a.spec.matchingPrecedence ?? 1000;
  const pb = b.spec.matchingPrecedence ?? 1000;
  if (pa !== pb) return pa - pb;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

function matchesSubject(s: FlowSubject, user: UserInfo): boolean {
  switch (s.kind) {
    case 'User':
      return s.user?.name === '*' || s.user?.name === user.name;
    case 'Group':
      return s.group?.name === '*' || (s.group !== undefined && user.groups.includes(s.group.name));
    case 'ServiceAccount': {
      if (!s.serviceAccount || !user.name.startsWith(SERVICE_ACCOUNT_PREFIX)) return false;
      const [namespace, name] = user.name.slice(SERVICE_ACCOUNT_PREFIX.length).split(':');
      return namespace === s.serviceAccount.namespace && (s.serviceAccount.name === '*' || s.serviceAccount.name === name);
    }
    default:
      return false;
  }
}

const hasOrAll = (list: readonly string[] | undefined, value: string) => !!list && (list.includes('*') || list.includes(value));

function matchesResourceRule(rule: ResourcePolicyRule, info: RequestInfo): boolean {
  if (!hasOrAll(rule.verbs, info.verb) || !hasOrAll(rule.apiGroups, info.apiGroup)) return false;
  const resource = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  if (!hasOrAll(rule.resources, resource)) return false;
  if (!info.namespace) return rule.clusterScope === true;
  return hasOrAll(rule.namespaces, info.namespace);
}

/** "*" matches every path, "/x/*" every path under "/x/" and the pattern itself exactly. */
export function nonResourceURLMatches(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === path) return true;
  return pattern.endsWith('*') && path.startsWith(pattern.slice(0, -1));
}

function matchesNonResourceRule(rule: NonResourcePolicyRule, info: RequestInfo): boolean {
  return hasOrAll(rule.verbs, info.verb) && (rule.nonResourceURLs ?? []).some((p) => nonResourceURLMatches(p, info.path));
}

export function matchesRules(rules: PolicyRulesWithSubjects, digest: RequestDigest): boolean {
  if (!(rules.subjects ?? []).some((s) => matchesSubject(s, digest.user))) return false;
  if (digest.requestInfo.isResourceRequest) return (rules.resourceRules ?? []).some((r) => matchesResourceRule(r, digest.requestInfo));
  return (rules.nonResourceRules ?? []).some((r) => matchesNonResourceRule(r, digest.requestInfo));
}

export function matchesFlowSchema(fs: FlowSchema, digest: RequestDigest): boolean {
  return (fs.spec.rules ?? []).some((r) => matchesRules(r, digest));
}

/** The flow distinguisher: the user name, the namespace, or nothing. */
export function flowDistinguisher(fs: FlowSchema, digest: RequestDigest): string {
  switch (fs.spec.distinguisherMethod?.type) {
    case 'ByUser':
      return digest.user.name;
    case 'ByNamespace':
      return digest.requestInfo.namespace;
    default:
      return '';
  }
}

/** The first schema (of `sorted`, already in evaluation order) that matches. */
export function classify(sorted: readonly FlowSchema[], digest: RequestDigest): FlowSchema | undefined {
  return sorted.find((fs) => matchesFlowSchema(fs, digest));
}
