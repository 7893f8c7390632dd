// The admission chain: mutating plugins in turn, then validating plugins in turn. The plugin
// order is fixed by the registry, never by the order names were given on the command line.
// When a mutating plugin changed the object, the plugins that opted in to reinvocation run once
// more (Kubernetes' single extra round); they decide which of their members that concerns.
import { newReinvocationContext } from './reinvocation.ts';
import type { Admission, AdmissionAttributes, AdmissionPlugin } from './types.ts';

export function createAdmissionChain(plugins: readonly AdmissionPlugin[]): Admission & { plugins: readonly AdmissionPlugin[] } {
  const mutating = plugins.filter((p) => p.admit);
  const validating = plugins.filter((p) => p.validate);
  return {
    plugins,
    async admit(attrs: AdmissionAttributes): Promise<void> {
      const reinvocation = newReinvocationContext();
      attrs.reinvocation = reinvocation;
      try {
        for (const p of mutating) if (p.handles(attrs.operation)) await p.admit!(attrs);
        if (!reinvocation.shouldReinvoke) return;
        reinvocation.isReinvoke = true;
        for (const p of mutating) if (p.reinvocable && p.handles(attrs.operation)) await p.admit!(attrs);
      } finally {
        delete attrs.reinvocation;
      }
    },
    async validate(attrs: AdmissionAttributes): Promise<void> {
      for (const p of validating) if (p.handles(attrs.operation)) await p.validate!(attrs);
    },
  };
}

/** Admits everything; the registry's default when no chain is configured. */
export const NO_ADMISSION: Admission = {
  admit: async () => {},
  validate: async () => {},
};
