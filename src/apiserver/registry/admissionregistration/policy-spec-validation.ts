// Validation of the parts ValidatingAdmissionPolicy and MutatingAdmissionPolicy have in common:
// CEL expressions that must compile, match resources, parameter kinds and references, match
// conditions and variables.
import type { MatchCondition, MatchResources, ParamKind, ParamRef, Variable } from '../../../api/admissionregistration/v1/types.ts';
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from '../../../machinery/validation/field-error.ts';
import { admissionCel } from '../../admission/plugins/cel/admission-cel.ts';
import { validateRule } from './webhooks/rules.ts';
import { validateLabelSelector } from './label-selector-validation.ts';

const NOT_FOUND_ACTIONS = ['Allow', 'Deny'];

export function validateExpression(expression: string | undefined, path: string): FieldError[] {
  if (!expression) return [required(path)];
  const compiled = admissionCel.compile(expression);
  return compiled instanceof Error ? [invalid(path, expression, `compilation failed: ${compiled.message}`)] : [];
}

export function validateMatchResources(m: MatchResources | undefined, path: string, requireRules: boolean): FieldError[] {
  if (!m) return requireRules ? [required(path)] : [];
  const errs: FieldError[] = [];
  if (requireRules && !m.resourceRules?.length) errs.push(required(`${path}.resourceRules`));
  (m.resourceRules ?? []).forEach((r, i) => errs.push(...validateRule(r, `${path}.resourceRules[${i}]`, true)));
  (m.excludeResourceRules ?? []).forEach((r, i) => errs.push(...validateRule(r, `${path}.excludeResourceRules[${i}]`, true)));
  if (m.matchPolicy !== undefined && !['Equivalent', 'Exact'].includes(m.matchPolicy)) errs.push(notSupported(`${path}.matchPolicy`, m.matchPolicy, ['Equivalent', 'Exact']));
  errs.push(...validateLabelSelector(m.namespaceSelector, `${path}.namespaceSelector`), ...validateLabelSelector(m.objectSelector, `${path}.objectSelector`));
  return errs;
}

export function validateParamKind(kind: ParamKind | undefined, path: string): FieldError[] {
  if (!kind) return [];
  const errs: FieldError[] = [];
  if (!kind.apiVersion) errs.push(required(`${path}.apiVersion`));
  if (!kind.kind) errs.push(required(`${path}.kind`));
  return errs;
}

// Names must be present and unique; every expression must compile.
export function validateMatchConditions(conditions: MatchCondition[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (conditions ?? []).forEach((c, i) => {
    if (!c.name) errs.push(required(`${path}[${i}].name`));
    else if (names.has(c.name)) errs.push(duplicate(`${path}[${i}].name`, c.name));
    names.add(c.name);
    errs.push(...validateExpression(c.expression, `${path}[${i}].expression`));
  });
  return errs;
}

export function validateVariables(variables: Variable[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (variables ?? []).forEach((v, i) => {
    if (!v.name) errs.push(required(`${path}[${i}].name`));
    errs.push(...validateExpression(v.expression, `${path}[${i}].expression`));
  });
  return errs;
}

// A binding's paramRef names its parameter by name or by selector, never both.
export function validateParamRef(ref: ParamRef | undefined, path: string): FieldError[] {
  if (!ref) return [];
  const errs: FieldError[] = [];
  if (ref.name && ref.selector) errs.push(forbidden(`${path}.name`, 'name and selector are mutually exclusive'));
  if (!ref.name && !ref.selector) errs.push(required(path, 'one of name or selector must be specified'));
  if (!ref.parameterNotFoundAction) errs.push(required(`${path}.parameterNotFoundAction`));
  else if (!NOT_FOUND_ACTIONS.includes(ref.parameterNotFoundAction)) errs.push(notSupported(`${path}.parameterNotFoundAction`, ref.parameterNotFoundAction, NOT_FOUND_ACTIONS));
  errs.push(...validateLabelSelector(ref.selector, `${path}.selector`));
  return errs;
}
