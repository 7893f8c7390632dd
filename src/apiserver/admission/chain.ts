// The admission chain: mutating plugins in turn, then validating plugins in turn. The plugin
// order is fixed by the registry, never by the order names were given on the command line.
import type { Admission, AdmissionAttributes, AdmissionPlugin } from './types.ts';

export function createAdmissionChain(plugins: readonly AdmissionPlugin[]): Admission & { plugins: readonly AdmissionPlugin[] } {
  const mutating = plugins.filter((p) => p.admit);
  const validating = plugins.filter((p) => p.validate);
  return {
    plugins,
    async admit(attrs: AdmissionAttributes): Promise<void> {
      for (const p of mutating) if (p.handles(attrs.operation)) await p.admit!(attrs);
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
