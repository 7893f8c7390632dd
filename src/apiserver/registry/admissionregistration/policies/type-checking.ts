// status.typeChecking of a ValidatingAdmissionPolicy, as far as the CEL engine allows: each
// expression is compiled, and every top-level field it reads of `object` or `oldObject` is
// looked up in the OpenAPI schema of each kind the policy's rules name exactly. Rules with
// wildcards, and kinds without a schema, are not checked (as Kubernetes skips them).
import type { ExpressionWarning, ValidatingAdmissionPolicy } from '../../../../api/admissionregistration/v1/types.ts';
import { definitionForGVK, openapiV2Definitions } from '../../../../machinery/openapi/definitions.ts';
import { admissionCel } from '../../../admission/plugins/cel/admission-cel.ts';

interface CheckedKind {
  /** `group/version, Kind=kind` as Kubernetes prints a GroupVersionKind. */
  label: string;
  fields: ReadonlySet<string>;
}

interface AstNode {
  op: string;
  args: unknown;
}

let schemaIndex: Map<string, CheckedKind> | undefined;

/** group/version/resource → the kind's label and top-level fields, for kinds with a schema. */
function kindsByResource(): Map<string, CheckedKind> {
  if (schemaIndex) return schemaIndex;
  const defs = openapiV2Definitions() as Record<string, { properties?: Record<string, unknown> }>;
  schemaIndex = new Map();
  for (const [gvk, def] of Object.entries(definitionForGVK)) {
    const m = /^(.*)\/(.*), Kind=(.*)$/.exec(gvk);
    const props = defs[def]?.properties;
    if (!m || !props || !props.metadata) continue;
    const [, group, version, kind] = m as unknown as [string, string, string, string];
    if (kind.endsWith('List')) continue;
    const resource = `${kind.toLowerCase()}s`;
    const label = `${group ? `${group}/` : ''}${version}, Kind=${kind}`;
    schemaIndex.set(`${group}/${version}/${resource}`, { label, fields: new Set(Object.keys(props)) });
  }
  return schemaIndex;
}

function checkedKinds(policy: ValidatingAdmissionPolicy): CheckedKind[] {
  const index = kindsByResource();
  const out = new Map<string, CheckedKind>();
  for (const rule of policy.spec?.matchConstraints?.resourceRules ?? []) {
    for (const group of rule.apiGroups ?? []) {
      for (const version of rule.apiVersions ?? []) {
        for (const resource of rule.resources ?? []) {
          const hit = index.get(`${group}/${version}/${resource}`);
          if (hit) out.set(hit.label, hit);
        }
      }
    }
  }
  return [...out.values()];
}

function isNode(v: unknown): v is AstNode {
  return !!v && typeof v === 'object' && typeof (v as AstNode).op === 'string';
}

/** Top-level fields of `object`/`oldObject` an expression reads by name. */
export function objectFieldsRead(ast: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isNode(v)) return;
    if ((v.op === '.' || v.op === '.?' || v.op === '[]' || v.op === '[?]') && Array.isArray(v.args)) {
      const [target, key] = v.args as [unknown, unknown];
      const field = typeof key === 'string' ? key : isNode(key) && key.op === 'value' && typeof key.args === 'string' ? key.args : undefined;
      if (isNode(target) && target.op === 'id' && (target.args === 'object' || target.args === 'oldObject') && field !== undefined) out.add(field);
    }
    walk(v.args);
  };
  walk(ast);
  return [...out];
}

function expressionsOf(policy: ValidatingAdmissionPolicy): { fieldRef: string; expression: string }[] {
  const spec = policy.spec ?? {};
  const out: { fieldRef: string; expression: string }[] = [];
  (spec.validations ?? []).forEach((v, i) => {
    if (v.expression) out.push({ fieldRef: `spec.validations[${i}].expression`, expression: v.expression });
    if (v.messageExpression) out.push({ fieldRef: `spec.validations[${i}].messageExpression`, expression: v.messageExpression });
  });
  (spec.auditAnnotations ?? []).forEach((a, i) => a.valueExpression && out.push({ fieldRef: `spec.auditAnnotations[${i}].valueExpression`, expression: a.valueExpression }));
  (spec.matchConditions ?? []).forEach((c, i) => c.expression && out.push({ fieldRef: `spec.matchConditions[${i}].expression`, expression: c.expression }));
  (spec.variables ?? []).forEach((v, i) => v.expression && out.push({ fieldRef: `spec.variables[${i}].expression`, expression: v.expression }));
  return out;
}

export function typeCheckPolicy(policy: ValidatingAdmissionPolicy): ExpressionWarning[] {
  const kinds = checkedKinds(policy);
  const warnings: ExpressionWarning[] = [];
  for (const { fieldRef, expression } of expressionsOf(policy)) {
    const program = admissionCel.compile(expression);
    if (program instanceof Error) {
      warnings.push({ fieldRef, warning: `ERROR: ${program.message}` });
      continue;
    }
    const fields = objectFieldsRead(program.ast);
    const lines = kinds.flatMap((k) => fields.filter((f) => !k.fields.has(f)).map((f) => `${k.label}: ERROR: undefined field '${f}'`));
    if (lines.length) warnings.push({ fieldRef, warning: lines.join('\n') });
  }
  return warnings;
}
