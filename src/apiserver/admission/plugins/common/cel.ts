// CEL for admission: one environment with the variables Kubernetes gives admission expressions
// (object, oldObject, request, params, namespaceObject, variables), compiled once per expression.
import { Environment } from '@marcbachmann/cel-js';

export const ADMISSION_CEL_VARIABLES = ['object', 'oldObject', 'request', 'params', 'namespaceObject', 'variables', 'authorizer'] as const;

const env = new Environment();
for (const name of ADMISSION_CEL_VARIABLES) env.registerVariable(name, 'dyn');

export type CompiledExpression = (vars: Record<string, unknown>) => unknown;

const cache = new Map<string, CompiledExpression | Error>();

/** The compiled expression, or an Error with the compiler's message. */
export function compileCel(expression: string): CompiledExpression | Error {
  let hit = cache.get(expression);
  if (hit) return hit;
  try {
    const parsed = env.parse(expression);
    const checked = parsed.check();
    if (!checked.valid) throw new Error(String((checked as { error?: { message?: string } }).error?.message ?? 'type check failed'));
    hit = (vars) => parsed(vars);
  } catch (err) {
    hit = new Error((err as Error).message.split('\n')[0]!);
  }
  if (cache.size > 1000) cache.clear();
  cache.set(expression, hit);
  return hit;
}

/** A CEL result as JSON-ish JavaScript (integers come back as bigint). */
export function plainCelValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plainCelValue);
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [String(k), plainCelValue(x)]));
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainCelValue(x)]));
  return v;
}
