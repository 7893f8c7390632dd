// CEL in JWT authenticators, as Kubernetes' structured authentication configuration has it:
// claim validation rules and claim mappings see the verified claims as `claims`; user
// validation rules see the mapped user as `user` (username, uid, groups, extra).
import { CelCompiler, celActivation, evaluateCelSync } from '../../machinery/cel/index.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';

export const claimsCel = new CelCompiler({ claims: 'map' });
export const userCel = new CelCompiler({ user: 'map' });

export interface CelRule {
  expression: string;
  message: string;
}

export interface ExtraMapping {
  key: string;
  valueExpression: string;
}

/** The compiler's message when the expression does not compile, else undefined. */
export function compileProblem(compiler: CelCompiler, expression: string): string | undefined {
  const compiled = compiler.compile(expression);
  return compiled instanceof Error ? compiled.message : undefined;
}

export function claimsActivation(claims: Record<string, unknown>): Record<string, unknown> {
  return celActivation({ claims });
}

export function userActivation(user: UserInfo): Record<string, unknown> {
  return celActivation({ user: { username: user.name, uid: user.uid ?? '', groups: user.groups, extra: user.extra ?? {} } });
}

/** Each rule must hold; the first that does not (or fails) is the reason given. */
export function checkRules(compiler: CelCompiler, rules: readonly CelRule[], activation: Record<string, unknown>, what: string): void {
  for (const rule of rules) {
    let ok: unknown;
    try {
      ok = evaluateCelSync(compiler, rule.expression, activation);
    } catch (err) {
      throw new Error(`error evaluating ${what}: ${(err as Error).message}`);
    }
    if (typeof ok !== 'boolean') throw new Error(`error evaluating ${what}: ${what} must return a boolean`);
    if (!ok) throw new Error(`error evaluating ${what}: validation expression '${rule.expression}' failed${rule.message ? `: ${rule.message}` : ''}`);
  }
}

export function claimString(expression: string, activation: Record<string, unknown>, what: string): string {
  let v: unknown;
  try {
    v = evaluateCelSync(claimsCel, expression, activation);
  } catch (err) {
    throw new Error(`error evaluating ${what} claim expression: ${(err as Error).message}`);
  }
  if (typeof v !== 'string') throw new Error(`error evaluating ${what} claim expression: ${what} claim expression must return a string`);
  return v;
}

/** A string or list of strings; null is none. */
export function claimStrings(expression: string, activation: Record<string, unknown>, what: string): string[] {
  let v: unknown;
  try {
    v = evaluateCelSync(claimsCel, expression, activation);
  } catch (err) {
    throw new Error(`error evaluating ${what} claim expression: ${(err as Error).message}`);
  }
  if (v === null) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  throw new Error(`error evaluating ${what} claim expression: ${what} claim expression must return a string or a list of strings`);
}

export function mapExtra(mappings: readonly ExtraMapping[], activation: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of mappings) {
    const values = claimStrings(m.valueExpression, activation, 'extra').filter((v) => v !== '');
    if (values.length) out[m.key] = values;
  }
  return out;
}
