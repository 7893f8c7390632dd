// Type checking of a ValidatingAdmissionPolicy's expressions, as Kubernetes reports it in
// status.typeChecking: each validation's expression and messageExpression is checked once per
// kind the policy's rules name exactly (at most ten, sorted by group, version and kind), with
// `object` and `oldObject` typed by that kind's schema and `params` by the paramKind's. The
// engine here checks what it can see statically: that every field selected along a chain exists
// in the schema. Kinds whose schema is unknown are skipped, and with no kind nothing is checked:
// type checking never changes what a policy does.
import type { ExpressionWarning, ValidatingAdmissionPolicy } from '../../api/admissionregistration/v1/types.ts';
import { CelCompiler } from './environment.ts';
import { selectChains, type SelectChain } from './select-chains.ts';

/** A schema node as OpenAPI publishes it; references are followed by the resolver. */
export interface SchemaNode {
  type?: string;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  items?: unknown;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  [key: string]: unknown;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** A kind and its schema; `deref` follows `$ref`/`allOf` wrappers within the schema's document. */
export interface TypedKind {
  gvk: GroupVersionKind;
  schema: SchemaNode;
  deref(node: unknown): SchemaNode | undefined;
}

const MAX_TYPES_TO_CHECK = 10;

// The variables admission expressions see; all dynamic here, the schema walk types them.
const compiler = new CelCompiler({ object: 'dyn', oldObject: 'dyn', request: 'dyn', params: 'dyn', namespaceObject: 'dyn', variables: 'dyn', authorizer: 'Authorizer' });

/** As Kubernetes prints a GroupVersionKind: `apps/v1, Kind=Deployment`, `/v1, Kind=Pod`. */
export function gvkString(gvk: GroupVersionKind): string {
  return `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`;
}

/** The group/version/resource triples to check: rules with a wildcard group or version are skipped, as are wildcard and subresource names. */
export function resourcesToCheck(policy: ValidatingAdmissionPolicy): Array<{ group: string; version: string; resource: string }> {
  const out: Array<{ group: string; version: string; resource: string }> = [];
  for (const rule of policy.spec?.matchConstraints?.resourceRules ?? []) {
    const groups = rule.apiGroups ?? [];
    const versions = rule.apiVersions ?? [];
    if (!groups.length || groups.some((g) => g.includes('*'))) continue;
    if (!versions.length || versions.some((v) => v.includes('*'))) continue;
    const resources = (rule.resources ?? []).filter((r) => !/[*/]/.test(r));
    for (const group of [...groups].sort()) for (const version of [...versions].sort()) for (const resource of [...resources].sort()) out.push({ group, version, resource });
  }
  return out;
}

/** Kinds sorted by group, version and kind, without repeats, at most ten. */
export function sortKinds(kinds: readonly GroupVersionKind[]): GroupVersionKind[] {
  const seen = new Map<string, GroupVersionKind>();
  for (const k of kinds) {
    if (seen.size >= MAX_TYPES_TO_CHECK) break;
    seen.set(gvkString(k), k);
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...seen.values()].sort((a, b) => cmp(a.group, b.group) || cmp(a.version, b.version) || cmp(a.kind, b.kind));
}

/** The first field of a chain its schema does not have, or undefined when every one is known (or the type turns dynamic). */
function undefinedField(chain: SelectChain, root: SchemaNode, deref: TypedKind['deref']): SelectChain['fields'][number] | undefined {
  let node: SchemaNode | undefined = root;
  for (const field of chain.fields) {
    if (!node || node['x-kubernetes-preserve-unknown-fields'] || node['x-kubernetes-int-or-string']) return undefined;
    const props = node.properties;
    if (props && field.name in props) {
      node = deref(props[field.name]);
      continue;
    }
    const extra = node.additionalProperties;
    if (extra && typeof extra === 'object') {
      node = deref(extra);
      continue;
    }
    // Maps of anything, lists and scalars are not followed further.
    if (extra === true || !props) return undefined;
    return field;
  }
  return undefined;
}

/** cel-go's way of pointing at an offset: `<input>:line:column` and the line with a caret under it. */
function located(expression: string, offset: number, message: string): string {
  const before = expression.slice(0, offset).split('\n');
  const line = before.length;
  const column = before[before.length - 1]!.length + 1;
  const text = expression.split('\n')[line - 1] ?? '';
  return `ERROR: <input>:${line}:${column}: ${message}\n | ${text}\n | ${'.'.repeat(column - 1)}^`;
}

/** The issues of one expression for one kind, or '' when it checks. */
function issuesFor(expression: string, kind: TypedKind, params: TypedKind | undefined): string {
  const program = compiler.compile(expression);
  if (program instanceof Error) return `ERROR: <input>: ${program.message}`;
  const errors: string[] = [];
  for (const chain of selectChains(program.ast)) {
    const typed = chain.root === 'object' || chain.root === 'oldObject' ? kind : chain.root === 'params' ? params : undefined;
    if (!typed) continue;
    const missing = undefinedField(chain, typed.schema, typed.deref);
    if (missing) errors.push(located(expression, missing.offset, `undefined field '${missing.name}'`));
  }
  return errors.join('\n');
}

/** One expression against every kind: each kind's issues as `<gvk>: <issues>\n`, joined by newlines. */
export function checkExpression(expression: string, kinds: readonly TypedKind[], params?: TypedKind): string {
  const results: string[] = [];
  for (const kind of kinds) {
    const issues = issuesFor(expression, kind, params);
    if (issues) results.push(`${gvkString(kind.gvk)}: ${issues}\n`);
  }
  return results.join('\n');
}

/** The warnings for status.typeChecking.expressionWarnings, in the order of spec.validations. */
export function typeCheckPolicy(policy: ValidatingAdmissionPolicy, kinds: readonly TypedKind[], params?: TypedKind): ExpressionWarning[] {
  const warnings: ExpressionWarning[] = [];
  (policy.spec?.validations ?? []).forEach((v, i) => {
    const fields: Array<['expression' | 'messageExpression', string | undefined]> = [['expression', v.expression], ['messageExpression', v.messageExpression]];
    for (const [name, expression] of fields) {
      if (!expression) continue;
      const warning = checkExpression(expression, kinds, params);
      if (warning) warnings.push({ fieldRef: `spec.validations[${i}].${name}`, warning });
    }
  });
  return warnings;
}
