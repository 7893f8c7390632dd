// What a CRD's validation says about one x-kubernetes-validations rule: it compiles to a bool,
// its messageExpression to a string, message and reason are well-formed, optionalOldSelf only
// with oldSelf, oldSelf only where old values can be correlated, fieldPath names a field.
import type { JSONSchemaProps, ValidationRule } from '../../api/apiextensions/v1/types.ts';
import { CelCompileError, type CelProgram } from '../cel/index.ts';
import { invalid, notSupported, required, RenderedValue, type FieldError } from '../validation/field-error.ts';

export interface RuleSite {
  /** `...x-kubernetes-validations[i]` */
  path: string;
  rule: ValidationRule;
  /** The schema path under which old values cannot be correlated (items of an atomic list). */
  uncorrelatableAt: string | undefined;
  schema: JSONSchemaProps;
}

const REASONS = ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'];

function goQuoted(s: string | undefined): string {
  return JSON.stringify(s ?? '');
}

/** The rule as Go prints the struct (%#v), which Kubernetes shows as the bad value. */
function ruleValue(rule: ValidationRule): RenderedValue {
  const reason = rule.reason === undefined ? '(*apiextensions.FieldValueErrorReason)(nil)' : `(*apiextensions.FieldValueErrorReason)(${goQuoted(rule.reason)})`;
  const optional = rule.optionalOldSelf === undefined ? '(*bool)(nil)' : `(*bool)(${rule.optionalOldSelf})`;
  return new RenderedValue(
    `apiextensions.ValidationRule{Rule:${goQuoted(rule.rule)}, Message:${goQuoted(rule.message)}, MessageExpression:${goQuoted(rule.messageExpression)}, Reason:${reason}, FieldPath:${goQuoted(rule.fieldPath)}, OptionalOldSelf:${optional}}`,
  );
}

/** Whether a rule's fieldPath (`.a.b`, `.a['b']`) names a field the schema declares. */
function fieldPathError(schema: JSONSchemaProps, fieldPath: string): string | undefined {
  const parts: string[] = [];
  const re = /\.([A-Za-z_][A-Za-z0-9_-]*)|\[\s*'((?:[^'\\]|\\.)*)'\s*\]/y;
  let i = 0;
  while (i < fieldPath.length) {
    re.lastIndex = i;
    const m = re.exec(fieldPath);
    if (!m) return `fieldPath must be a valid path: invalid path ${JSON.stringify(fieldPath)}`;
    parts.push(m[1] ?? m[2]!.replace(/\\(.)/g, '$1'));
    i = re.lastIndex;
  }
  let s: JSONSchemaProps | undefined = schema;
  for (const p of parts) {
    const next: JSONSchemaProps | undefined = s?.properties?.[p] ?? (typeof s?.additionalProperties === 'object' ? s.additionalProperties : undefined);
    if (!next) return `fieldPath must be a valid path: does not refer to a valid field`;
    s = next;
  }
  return undefined;
}

export function ruleCompileErrors(site: RuleSite, program: CelProgram | CelCompileError | undefined, message: CelProgram | CelCompileError | undefined, transition: boolean): FieldError[] {
  const { rule, path } = site;
  const errs: FieldError[] = [];
  if (!rule.rule?.trim()) errs.push(required(`${path}.rule`, 'rule is not specified'));
  else if (program instanceof CelCompileError) errs.push(invalid(`${path}.rule`, ruleValue(rule), `compilation failed: ${program.message}`));
  else if (program && program.type !== 'bool' && program.type !== 'dyn') errs.push(invalid(`${path}.rule`, ruleValue(rule), 'cel expression must evaluate to a bool'));
  if (rule.message !== undefined) {
    if (!rule.message.trim()) errs.push(required(`${path}.message`, 'message must be non-empty if specified'));
    else if (rule.message.includes('\n')) errs.push(invalid(`${path}.message`, rule.message, 'message must not contain line breaks'));
  }
  if (rule.messageExpression !== undefined) {
    if (!rule.messageExpression.trim()) errs.push(required(`${path}.messageExpression`, 'messageExpression must be non-empty if specified'));
    else if (message instanceof CelCompileError) errs.push(invalid(`${path}.messageExpression`, ruleValue(rule), `messageExpression compilation failed: ${message.message}`));
    else if (message && message.type !== 'string' && message.type !== 'dyn') errs.push(invalid(`${path}.messageExpression`, ruleValue(rule), 'must evaluate to a string'));
  }
  if (rule.reason !== undefined && !REASONS.includes(rule.reason)) errs.push(notSupported(`${path}.reason`, rule.reason, REASONS));
  if (rule.optionalOldSelf !== undefined && !transition) errs.push(invalid(`${path}.optionalOldSelf`, rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
  if (transition && site.uncorrelatableAt !== undefined) {
    errs.push(invalid(`${path}.rule`, rule.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${site.uncorrelatableAt}`));
  }
  if (rule.fieldPath !== undefined) {
    const e = fieldPathError(site.schema, rule.fieldPath);
    if (e) errs.push(invalid(`${path}.fieldPath`, rule.fieldPath, e));
  }
  return errs;
}
