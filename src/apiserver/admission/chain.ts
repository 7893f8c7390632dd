// The admission chain: mutating plugins in turn, then validating plugins in turn. The plugin
// order is fixed by the registry, never by the order names were given on the command line.
// When a mutating plugin changed the object, the plugins that opted in to reinvocation run once
// more (Kubernetes' single extra round); they decide which of their members that concerns.
import { newReinvocationContext } from './reinvocation.ts';
import type { Admission, AdmissionAttributes, AdmissionPlugin } from './types.ts';

export function createAdmissionChain(plugins: readonly AdmissionPlugin[]): Admission & { plugins: readonly AdmissionPlugin[] } {
  const mutating = plugins.filter((p) => p.admit);
  const reinvocable = mutating.filter((p) => p.reinvocable);
  const validating = plugins.filter((p) => p.validate);
  return {
    plugins,
    admit(attrs: AdmissionAttributes): void | Promise<void> {
      const reinvocation = newReinvocationContext();
      attrs.reinvocation = reinvocation;
      const again = (): void | Promise<void> => {
        if (!reinvocation.shouldReinvoke) return;
        reinvocation.isReinvoke = true;
        return inTurn(reinvocable, attrs, admitWith, 0);
      };
      const done = () => {
        attrs.reinvocation = undefined;
      };
      let pending: void | Promise<void>;
      try {
        const first = inTurn(mutating, attrs, admitWith, 0);
        pending = first ? first.then(again) : again();
      } catch (err) {
        done();
        throw err;
      }
      if (!pending) return done();
      return pending.finally(done);
    },
    validate(attrs: AdmissionAttributes): void | Promise<void> {
      return inTurn(validating, attrs, validateWith, 0);
    },
  };
}

const admitWith = (p: AdmissionPlugin, attrs: AdmissionAttributes) => p.admit!(attrs);
const validateWith = (p: AdmissionPlugin, attrs: AdmissionAttributes) => p.validate!(attrs);

/**
 * Calls each plugin that handles the operation, in turn from index `from`. Most plugins have
 * nothing to do for most requests and answer at once; only a plugin that returns a promise is
 * waited for, so a request pays for the waiting it needs.
 */
function inTurn(
  plugins: readonly AdmissionPlugin[],
  attrs: AdmissionAttributes,
  call: (p: AdmissionPlugin, attrs: AdmissionAttributes) => void | Promise<void>,
  from: number,
): void | Promise<void> {
  for (let i = from; i < plugins.length; i++) {
    const p = plugins[i]!;
    if (!p.handles(attrs.operation)) continue;
    const pending = call(p, attrs);
    if (pending) return pending.then(() => inTurn(plugins, attrs, call, i + 1));
  }
}

/** Admits everything; the registry's default when no chain is configured. */
export const NO_ADMISSION: Admission = {
  admit: () => {},
  validate: () => {},
};
