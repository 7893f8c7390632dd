// The one place expressions are compiled and evaluated: an environment per variable set, with
// Kubernetes' library functions, the authorizer library and message literals, each expression
// compiled once. Evaluation may be asynchronous (authorizer checks ask the server's authorizer).
import type { Environment } from '@marcbachmann/cel-js';
import { celJs } from '../lazy/cel-js.ts';
import { registerAuthorizerLibrary } from './authorizer.ts';
import { registerKubernetesLibrary } from './library.ts';
import { rewriteMessageLiterals } from './message-literals.ts';
import { registerRegexLibrary, rewriteRegexCalls } from './regex-library.ts';
import { plainCelValue, toCelValue } from './values.ts';

/** Variable name to CEL type ('dyn', 'map', 'Authorizer', ...). */
export type CelVariables = Readonly<Record<string, string>>;

export interface CelProgram {
  readonly expression: string;
  /** The parsed tree, for static checks of field references. */
  readonly ast: unknown;
  /** The statically known result type ('bool', 'string', 'dyn', ...). */
  readonly type: string;
  run(activation: Record<string, unknown>): unknown;
}

export class CelCompileError extends Error {}

const CACHE_LIMIT = 2000;

export class CelCompiler {
  readonly #variables: CelVariables;
  #environment: Environment | undefined;
  readonly #cache = new Map<string, CelProgram | CelCompileError>();

  constructor(variables: CelVariables) {
    this.#variables = variables;
  }

  /** Made on the first compile: compilers are declared at module level, most never compile. */
  get #env(): Environment {
    if (!this.#environment) {
      const env = new (celJs().Environment)({ homogeneousAggregateLiterals: false, enableOptionalTypes: true });
      registerKubernetesLibrary(env);
      registerAuthorizerLibrary(env);
      registerRegexLibrary(env);
      for (const [name, type] of Object.entries(this.#variables)) env.registerVariable(name, type);
      this.#environment = env;
    }
    return this.#environment;
  }

  /** The compiled expression, or a CelCompileError with the compiler's first line. */
  compile(expression: string): CelProgram | CelCompileError {
    const hit = this.#cache.get(expression);
    if (hit) return hit;
    let out: CelProgram | CelCompileError;
    try {
      const parsed = this.#env.parse(rewriteRegexCalls(rewriteMessageLiterals(expression)));
      const checked = parsed.check() as { valid: boolean; type?: string; error?: { message?: string } };
      if (!checked.valid) throw new Error(String(checked.error?.message ?? 'type check failed'));
      out = { expression, ast: parsed.ast, type: String(checked.type ?? 'dyn'), run: (activation) => parsed(activation) };
    } catch (err) {
      out = new CelCompileError(firstLine((err as Error).message));
    }
    if (this.#cache.size > CACHE_LIMIT) this.#cache.clear();
    this.#cache.set(expression, out);
    return out;
  }
}

export function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}

/** Variables as CEL sees them: plain JSON values converted (integers as ints); others as they are. */
export function celActivation(vars: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) out[k] = toCelValue(v);
  return out;
}

/** Compiles (cached) and evaluates; the result as plain JSON-ish JavaScript. Throws on error. */
export async function evaluateCel(compiler: CelCompiler, expression: string, activation: Record<string, unknown>): Promise<unknown> {
  const program = compiler.compile(expression);
  if (program instanceof Error) throw program;
  try {
    return plainCelValue(await program.run(activation));
  } catch (err) {
    throw new Error(firstLine((err as Error).message));
  }
}

/** As evaluateCel, for expressions that call nothing asynchronous (no authorizer checks). */
export function evaluateCelSync(compiler: CelCompiler, expression: string, activation: Record<string, unknown>): unknown {
  const program = compiler.compile(expression);
  if (program instanceof Error) throw program;
  let out: unknown;
  try {
    out = program.run(activation);
  } catch (err) {
    throw new Error(firstLine((err as Error).message));
  }
  if (out instanceof Promise) throw new Error('the expression must be evaluated synchronously');
  return plainCelValue(out);
}
