// Feature gates of one component, built from its known-gates table and the --feature-gates
// values. Semantics as Kubernetes': an explicit setting wins; otherwise AllAlpha / AllBeta turn
// on every alpha / beta gate; otherwise the gate's default. Locked gates cannot be changed.
import { parseGoBool } from '../../machinery/strconv.ts';
import { knownFeatures, type FeatureSpec } from './known-features.ts';

export class FeatureGates {
  readonly component: string;
  readonly #known: Map<string, FeatureSpec>;
  readonly #explicit = new Map<string, boolean>();

  constructor(known: readonly FeatureSpec[] = knownFeatures, component = 'orch') {
    this.component = component;
    this.#known = new Map(known.map((f) => [f.name, f]));
  }

  /**
   * Applies `[component:]Name=bool` entries (the parsed --feature-gates map). Entries with errors
   * are skipped; each error names the flag. Warnings cover graduated and deprecated gates.
   */
  set(entries: Readonly<Record<string, string>>): { errors: string[]; warnings: string[] } {
    const errors: string[] = [];
    const warnings: string[] = [];
    for (const [rawKey, rawValue] of Object.entries(entries)) {
      const fail = (why: string) => errors.push(`invalid argument ${JSON.stringify(`${rawKey}=${rawValue}`)} for "--feature-gates" flag: ${why}`);
      const colon = rawKey.indexOf(':');
      const component = colon < 0 ? this.component : rawKey.slice(0, colon).trim();
      const name = (colon < 0 ? rawKey : rawKey.slice(colon + 1)).trim();
      if (component !== this.component) {
        fail(`component not registered: ${component}`);
        continue;
      }
      const spec = this.#known.get(name);
      if (!spec) {
        fail(`unrecognized feature gate: ${name}`);
        continue;
      }
      let value: boolean;
      try {
        value = parseGoBool(rawValue.trim());
      } catch (err) {
        fail(`invalid value of ${name}=${rawValue}, err: ${(err as Error).message}`);
        continue;
      }
      if (spec.lockToDefault && value !== spec.default) {
        fail(`cannot set feature gate ${name} to ${value}, feature is locked to ${spec.default}`);
        continue;
      }
      this.#explicit.set(name, value);
      if (spec.stage === 'GA' || spec.stage === 'DEPRECATED') {
        warnings.push(`Setting ${spec.stage} feature gate ${name}=${value}. It will be removed in a future release.`);
      }
    }
    return { errors, warnings };
  }

  /** Whether a gate is on. Asking for an unknown gate is a programming error. */
  enabled(name: string): boolean {
    const spec = this.#known.get(name);
    if (!spec) throw new Error(`feature ${JSON.stringify(name)} is not registered in FeatureGate ${JSON.stringify(this.component)}`);
    const explicit = this.#explicit.get(name);
    if (explicit !== undefined) return explicit;
    if (spec.stage === 'ALPHA' && name !== 'AllAlpha' && this.#explicit.get('AllAlpha') === true) return true;
    if (spec.stage === 'BETA' && name !== 'AllBeta' && this.#explicit.get('AllBeta') === true) return true;
    return spec.default;
  }

  /** Known gate names with their stage and default. */
  known(): FeatureSpec[] {
    return [...this.#known.values()];
  }

  /** Every gate and its effective value, e.g. for logging at start-up or /flagz. */
  snapshot(): Record<string, boolean> {
    return Object.fromEntries([...this.#known.keys()].sort().map((name) => [name, this.enabled(name)]));
  }
}

export { knownFeatures };
export type { FeatureSpec };
