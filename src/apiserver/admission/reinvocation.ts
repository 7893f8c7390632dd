// Reinvocation across the mutating phase, as Kubernetes does it: one context per admit call,
// shared by every mutating plugin. A plugin whose change may matter to an earlier IfNeeded
// policy or webhook asks for a second round; in that round each reinvocable plugin calls again
// only the IfNeeded members it ran before the object last changed.
import type { ApiObject } from '../../api/meta/v1/types.ts';

export interface ReinvocationContext {
  /** True while the chain runs its single extra round. */
  isReinvoke: boolean;
  /** Set by a plugin that changed the object; the chain then runs one extra round. */
  shouldReinvoke: boolean;
  /** Each plugin's own bookkeeping, by plugin name. */
  readonly plugins: Map<string, PluginReinvocation>;
}

export function newReinvocationContext(): ReinvocationContext {
  return { isReinvoke: false, shouldReinvoke: false, plugins: new Map() };
}

/**
 * One plugin's view of the shared context: which of its IfNeeded members (policies, webhooks)
 * ran and must run again, and what the object looked like when the plugin last finished.
 */
export class PluginReinvocation {
  readonly #context: ReinvocationContext;
  readonly #invoked = new Set<string>();
  readonly #again = new Set<string>();
  #lastOutput: string | undefined;

  constructor(context: ReinvocationContext) {
    this.#context = context;
  }

  get isReinvoke(): boolean {
    return this.#context.isReinvoke;
  }

  /** Call before the plugin's members run: a change made after the plugin last ran reopens its IfNeeded members. */
  begin(object: ApiObject | undefined): void {
    if (this.#context.isReinvoke && this.#lastOutput !== undefined && this.#lastOutput !== JSON.stringify(object)) this.#requireAgain();
  }

  /** Whether a member runs in this round: every member in the first round, only reopened ones in the second. */
  shouldRun(key: string): boolean {
    return !this.#context.isReinvoke || this.#again.has(key);
  }

  /** Records one member's run: a change reopens the IfNeeded members before it and asks for a second round. */
  ran(key: string, ifNeeded: boolean, changed: boolean): void {
    if (changed) {
      this.#requireAgain();
      this.#context.shouldReinvoke = true;
    }
    if (ifNeeded) this.#invoked.add(key);
  }

  /** Call after the plugin's members ran (also when one refused), to notice later changes. */
  end(object: ApiObject | undefined): void {
    this.#lastOutput = JSON.stringify(object);
  }

  #requireAgain(): void {
    for (const key of this.#invoked) this.#again.add(key);
  }
}

/** The plugin's bookkeeping in the request's context; a fresh one-round context when called outside a chain. */
export function pluginReinvocation(context: ReinvocationContext | undefined, plugin: string): PluginReinvocation {
  const ctx = context ?? newReinvocationContext();
  let state = ctx.plugins.get(plugin);
  if (!state) ctx.plugins.set(plugin, (state = new PluginReinvocation(ctx)));
  return state;
}
