// Validation of admission rules (webhook rules and policy match resources), as Kubernetes'
// validateRule and validateRuleWithOperations.
import type { RuleWithOperations } from '../../../../api/admissionregistration/v1/types.ts';
import { invalid, notSupported, required, type FieldError } from '../../../../machinery/validation/field-error.ts';

const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];

function hasWildcard(list: readonly string[]): boolean {
  return list.includes('*');
}

function validateResources(resources: readonly string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!resources.length) errs.push(required(path));
  const withSub = new Set<string>();
  const mains = new Set<string>();
  resources.forEach((r, i) => {
    if (r === '') errs.push(required(`${path}[${i}]`));
    const [main, ...sub] = r.split('/');
    if (sub.length) withSub.add(main!);
    else mains.add(main!);
  });
  if (mains.has('*') && resources.length > 1 && resources.every((r) => !r.includes('/'))) {
    errs.push(invalid(path, resources as string[], "if '*' is present, must not specify other resources"));
  }
  if (withSub.has('*') && resources.filter((r) => r.includes('/')).length > 1 && resources.includes('*/*')) {
    errs.push(invalid(path, resources as string[], "if '*/*' is present, must not specify other resources"));
  }
  return errs;
}

export function validateRule(rule: RuleWithOperations, path: string, withOperations: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (withOperations) {
    const ops = rule.operations ?? [];
    if (!ops.length) errs.push(required(`${path}.operations`));
    if (ops.length > 1 && hasWildcard(ops)) errs.push(invalid(`${path}.operations`, ops, "if '*' is present, must not specify other operations"));
    ops.forEach((op, i) => {
      if (!OPERATIONS.includes(op)) errs.push(notSupported(`${path}.operations[${i}]`, op, OPERATIONS));
    });
  }
  const groups = rule.apiGroups ?? [];
  if (!groups.length) errs.push(required(`${path}.apiGroups`));
  if (groups.length > 1 && hasWildcard(groups)) errs.push(invalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  const versions = rule.apiVersions ?? [];
  if (!versions.length) errs.push(required(`${path}.apiVersions`));
  if (versions.length > 1 && hasWildcard(versions)) errs.push(invalid(`${path}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === '') errs.push(required(`${path}.apiVersions[${i}]`));
  });
  errs.push(...validateResources(rule.resources ?? [], `${path}.resources`));
  if (rule.scope !== undefined && !SCOPES.includes(rule.scope)) errs.push(notSupported(`${path}.scope`, rule.scope, SCOPES));
  return errs;
}


