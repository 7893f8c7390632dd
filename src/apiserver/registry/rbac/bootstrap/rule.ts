// A compact way to write bootstrap rules: rule(verbs).groups(...).resources(...).
import type { PolicyRule } from '../../../../api/rbac/v1/types.ts';

export const READ = ['get', 'list', 'watch'];
export const READ_WRITE = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];

export function resourceRule(verbs: string[], groups: string[], resources: string[], names?: string[]): PolicyRule {
  return { verbs, apiGroups: groups, resources, ...(names?.length ? { resourceNames: names } : {}) };
}

export function urlRule(verbs: string[], urls: string[]): PolicyRule {
  return { verbs, nonResourceURLs: urls };
}
