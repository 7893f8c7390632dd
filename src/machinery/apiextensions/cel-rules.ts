// x-kubernetes-validations: the CEL rules of a CRD schema, compiled once per schema and run on
// every create and update of a custom resource, as Kubernetes runs them. `self` is the value the
// rule sits on (typed from the schema where the CEL library allows, else dyn); transition rules
// also see `oldSelf`, the correlated old value (list-type map items by their keys, set items by
// value, map values and properties by key), and run only on updates where it exists unless
// optionalOldSelf makes it an optional. A failing rule reports its message, messageExpression or
// `failed rule: <rule>` with its reason at its field (or at fieldPath below it).
//
// Cost: Kubernetes meters each rule (1,000,000 per call) and each request (10,000,000). Here a
// rule costs its expression size plus one per list element its evaluation reads, which tracks
// comprehensions over lists; string functions are not metered, and the CRD-time cost estimate
// (rules whose worst case is over budget are refused) is not made. Strings with format
// date-time, duration or byte are plain strings to the rules, not timestamps, durations or bytes.
import { celJs } from '../lazy/cel-js.ts';
import type { JSONSchemaProps, ValidationRule } from '../../api/apiextensions/v1/types.ts';
import { CelCompiler, CelCompileError, firstLine, type CelProgram } from '../cel/index.ts';
import type { StatusCause } from '../status.ts';
import { toStatusCauses, type FieldError } from '../validation/field-error.ts';
import { NIL_PATH } from '../validation/path.ts';
import { COST_EXCEEDED, CostMeter, celTypeOf, compileCelConverter } from './cel-values.ts';
import { ruleCompileErrors, type RuleSite } from './cel-rule-checks.ts';
import { canonicalJson } from './go-values.ts';

export const PER_CALL_LIMIT = 1_000_000;
export const RUNTIME_COST_BUDGET = 10_000_000;

export interface CelRulesOptions {
  /** Where the schema sits in the CRD, for compile errors (default `spec.validation.openAPIV3Schema`). */
  schemaPath?: string;
  perCallLimit?: number;
  perRequestBudget?: number;
}

export interface CompiledCelRules {
  /** Compile errors, for the CRD's validation; empty when every rule compiled. */
  errors: StatusCause[];
  /** Whether the schema has any rule at all (validate is then a no-op). */
  hasRules: boolean;
  /** The rule failures of an object (old is the stored object on update, else undefined). */
  validate(obj: unknown, old: unknown | undefined): StatusCause[];
}

interface CompiledRule {
  rule: ValidationRule;
  program: CelProgram;
  message?: CelProgram;
  transition: boolean;
  optionalOld: boolean;
  /** The rule's fieldPath as a field path suffix (`.spec.x` → `spec.x`). */
  fieldSuffix: string;
  size: number;
}

interface RuleNode {
  schema: JSONSchemaProps;
  typeName: string;
  rules: CompiledRule[];
  properties: [string, RuleNode][];
  additional?: RuleNode;
  items?: RuleNode;
  /** For list items: how an item finds its old counterpart. */
  listKey?: (item: unknown) => string;
}

const compilers = new Map<string, CelCompiler>();

function compilerFor(selfType: string, optionalOld: boolean): CelCompiler {
  const oldType = optionalOld ? `optional<${selfType}>` : selfType;
  const key = `${selfType}|${oldType}`;
  let c = compilers.get(key);
  if (!c) {
    c = new CelCompiler({ self: selfType, oldSelf: oldType });
    compilers.set(key, c);
  }
  return c;
}

/** Whether an expression reads oldSelf (outside string literals). */
export function usesOldSelf(expression: string): boolean {
  return /\boldSelf\b/.test(expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""'));
}

function normalizeFieldPath(fieldPath: string | undefined): string {
  if (!fieldPath) return '';
  return fieldPath.replace(/^\./, '').replace(/\[\s*'((?:[^'\\]|\\.)*)'\s*\]/g, '[$1]');
}

function listKeyOf(schema: JSONSchemaProps): ((item: unknown) => string) | undefined {
  const type = schema['x-kubernetes-list-type'];
  if (type === 'set') return (item) => canonicalJson(item);
  if (type === 'map') {
    const keys = schema['x-kubernetes-list-map-keys'] ?? [];
    return (item) => {
      const o = (item ?? {}) as Record<string, unknown>;
      return keys.map((k) => canonicalJson(o[k])).join('\u0001');
    };
  }
  return undefined;
}

function compileNode(schema: JSONSchemaProps, path: string, correlatable: string | undefined, errors: FieldError[]): RuleNode | undefined {
  const selfType = celTypeOf(schema);
  const rules: CompiledRule[] = [];
  (schema['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    const site: RuleSite = { path: `${path}.x-kubernetes-validations[${i}]`, rule, uncorrelatableAt: correlatable, schema };
    const transition = usesOldSelf(rule.rule ?? '');
    const optionalOld = rule.optionalOldSelf === true && transition;
    const compiler = compilerFor(selfType, optionalOld);
    const program = rule.rule ? compiler.compile(rule.rule) : undefined;
    const message = rule.messageExpression?.trim() ? compiler.compile(rule.messageExpression) : undefined;
    const problems = ruleCompileErrors(site, program, message, transition);
    errors.push(...problems);
    if (problems.length || !program || program instanceof CelCompileError) return;
    rules.push({
      rule,
      program,
      message: message instanceof CelCompileError ? undefined : message,
      transition,
      optionalOld,
      fieldSuffix: normalizeFieldPath(rule.fieldPath),
      size: Math.max(1, rule.rule.length >> 2),
    });
  });
  const properties: [string, RuleNode][] = [];
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    const n = compileNode(s, `${path}.properties[${k}]`, correlatable, errors);
    if (n) properties.push([k, n]);
  }
  const additional = typeof schema.additionalProperties === 'object' ? compileNode(schema.additionalProperties, `${path}.additionalProperties`, correlatable, errors) : undefined;
  const itemSchema = schema.items && !Array.isArray(schema.items) ? schema.items : undefined;
  const listKey = listKeyOf(schema);
  // Items of atomic lists have no old counterpart: transition rules below them cannot run.
  const itemCorrelation = correlatable ?? (listKey ? undefined : path);
  const items = itemSchema ? compileNode(itemSchema, `${path}.items`, itemCorrelation, errors) : undefined;
  if (!rules.length && !properties.length && !additional && !items) return undefined;
  return { schema, typeName: schema['x-kubernetes-int-or-string'] ? '' : (schema.type ?? ''), rules, properties, additional, items, listKey };
}

/** A request's running state: the errors so far and what is left of the cost budget. */
interface Run {
  errs: FieldError[];
  remaining: number;
  stopped: boolean;
  meter: CostMeter;
  perCall: number;
}

function fieldJoin(parent: string, suffix: string): string {
  if (!suffix) return parent || NIL_PATH;
  if (!parent || parent === NIL_PATH) return suffix;
  return suffix.startsWith('[') ? `${parent}${suffix}` : `${parent}.${suffix}`;
}

function errorForReason(field: string, typeName: string, detail: string, reason: string | undefined): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return { type: 'FieldValueForbidden', field, badValue: '', detail };
    case 'FieldValueRequired':
      return { type: 'FieldValueRequired', field, badValue: '', detail };
    case 'FieldValueDuplicate':
      return { type: 'FieldValueDuplicate', field, badValue: typeName, detail: '' };
    default:
      return { type: 'FieldValueInvalid', field, badValue: typeName, detail };
  }
}

function ruleText(rule: ValidationRule): string {
  return rule.message?.trim() ? rule.message.trim() : rule.rule.trim();
}

function defaultMessage(rule: ValidationRule): string {
  return rule.message ? rule.message : `failed rule: ${ruleText(rule)}`;
}

function lowerFirst(s: string): string {
  return s ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** Runs one program under the meter; the result, or the error it raised. */
function runMetered(run: Run, program: CelProgram, activation: Record<string, unknown>, size: number): { value?: unknown; error?: string; cost: number; exceeded: boolean } {
  const m = run.meter;
  m.count = 0;
  m.stopAt = Math.min(run.perCall, run.remaining) - size;
  m.active = true;
  let value: unknown;
  let error: string | undefined;
  try {
    value = program.run(activation);
    if (value instanceof Promise) error = 'the rule must be evaluated synchronously';
  } catch (err) {
    error = lowerFirst(firstLine((err as Error).message));
  } finally {
    m.active = false;
  }
  const cost = m.count + size;
  return { value, error, cost, exceeded: m.count > m.stopAt || error === COST_EXCEEDED };
}

function evaluateRules(node: RuleNode, self: unknown, old: unknown, field: string, run: Run): void {
  for (const r of node.rules) {
    if (run.stopped) return;
    if (r.transition && old === undefined && !r.optionalOld) continue;
    const activation = { self, oldSelf: r.optionalOld ? (old === undefined ? celJs().Optional.none() : celJs().Optional.of(old)) : old };
    const out = runMetered(run, r.program, activation, r.size);
    if (out.exceeded) {
      const overBudget = run.remaining - out.cost < 0 && run.remaining < run.perCall;
      run.errs.push(
        errorForReason(
          field || NIL_PATH,
          node.typeName,
          overBudget ? 'validation failed due to running out of cost budget, no further validation rules will be run' : `'${COST_EXCEEDED}': call cost exceeds limit for rule: ${ruleText(r.rule)}`,
          undefined,
        ),
      );
      run.stopped = true;
      return;
    }
    run.remaining -= out.cost;
    if (out.error !== undefined) {
      const detail = out.error.startsWith('no such overload') || out.error.startsWith('no matching overload')
        ? `'${out.error}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleText(r.rule)}`
        : `${out.error} evaluating rule: ${ruleText(r.rule)}`;
      run.errs.push({ type: 'FieldValueInvalid', field: field || NIL_PATH, badValue: node.typeName, detail });
      continue;
    }
    if (out.value === true) continue;
    const at = fieldJoin(field, r.fieldSuffix);
    let detail = defaultMessage(r.rule);
    if (r.message) {
      const msg = runMetered(run, r.message, activation, r.message.expression.length >> 2);
      run.remaining -= msg.cost;
      if (msg.exceeded) {
        run.errs.push(errorForReason(field || NIL_PATH, node.typeName, 'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run', undefined));
        run.stopped = true;
        return;
      }
      if (msg.error === undefined && typeof msg.value === 'string' && msg.value.trim() && !msg.value.includes('\n')) detail = msg.value;
    }
    run.errs.push(errorForReason(at, node.typeName, detail, r.rule.reason));
  }
}

function walk(node: RuleNode, self: unknown, old: unknown, field: string, run: Run): void {
  if (self === null || self === undefined || run.stopped) return;
  if (node.rules.length) evaluateRules(node, self, old, field, run);
  if (Array.isArray(self)) {
    if (!node.items) return;
    run.meter.active = false;
    let oldByKey: Map<string, unknown> | undefined;
    if (node.listKey && Array.isArray(old)) {
      oldByKey = new Map();
      for (const o of old) oldByKey.set(node.listKey(o), o);
    }
    for (let i = 0; i < self.length; i++) {
      const item = self[i];
      const prev = oldByKey ? oldByKey.get(node.listKey!(item)) : undefined;
      walk(node.items, item, prev, `${field === NIL_PATH ? '' : field}[${i}]`, run);
    }
    return;
  }
  if (typeof self !== 'object') return;
  const obj = self as Record<string, unknown>;
  const prevObj = old !== null && typeof old === 'object' && !Array.isArray(old) ? (old as Record<string, unknown>) : undefined;
  for (const [k, child] of node.properties) {
    if (Object.hasOwn(obj, k)) walk(child, obj[k], prevObj && Object.hasOwn(prevObj, k) ? prevObj[k] : undefined, field ? `${field}.${k}` : k, run);
  }
  if (node.additional) {
    const declared = node.schema.properties;
    for (const k of Object.keys(obj)) {
      if (declared && Object.hasOwn(declared, k)) continue;
      walk(node.additional, obj[k], prevObj && Object.hasOwn(prevObj, k) ? prevObj[k] : undefined, `${field}[${k}]`, run);
    }
  }
}

function hasRule(node: RuleNode, test: (r: CompiledRule) => boolean): boolean {
  if (node.rules.some(test)) return true;
  if (node.properties.some(([, n]) => hasRule(n, test))) return true;
  return Boolean((node.additional && hasRule(node.additional, test)) || (node.items && hasRule(node.items, test)));
}

/** Compiles every x-kubernetes-validations rule of a schema (the version's openAPIV3Schema). */
export function compileCelRules(schema: JSONSchemaProps, opts: CelRulesOptions = {}): CompiledCelRules {
  const compileErrors: FieldError[] = [];
  const root = compileNode(schema, opts.schemaPath ?? 'spec.validation.openAPIV3Schema', undefined, compileErrors);
  const perCall = opts.perCallLimit ?? PER_CALL_LIMIT;
  const transitions = root !== undefined && hasRule(root, (r) => r.transition);
  // Lists are metered only when some rule can iterate one (a macro or a list function).
  const iterates = root !== undefined && hasRule(root, (r) => /\.\s*(all|exists|exists_one|map|filter|sum|min|max|indexOf|lastIndexOf|isSorted|join)\s*\(|\bin\b|==|!=/.test(r.rule.rule));
  const convert = compileCelConverter(schema, iterates);
  const budget = opts.perRequestBudget ?? RUNTIME_COST_BUDGET;
  return {
    errors: toStatusCauses(compileErrors),
    hasRules: root !== undefined,
    validate(obj, old) {
      if (!root) return [];
      const meter = new CostMeter();
      const run: Run = { errs: [], remaining: budget, stopped: false, meter, perCall };
      const self = convert(obj, meter);
      const prev = old === undefined || !transitions ? undefined : convert(old, meter);
      walk(root, self, prev, '', run);
      return toStatusCauses(run.errs);
    },
  };
}
