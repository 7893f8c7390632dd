// Reads one table's parsed values by flag name, for the modules that turn a group of rows into a
// typed options object. An absent value takes the row's default (values built by hand carry
// none) and a row without a default gives its type's zero value, as pflag does; so a default is
// written once, in its row. Naming a flag the table does not have is a bug and throws.
import type { FlagSpec, FlagValue, FlagValues } from './flag.ts';
import { defaultValues } from './parse.ts';
import { parseFlagValue } from './parse-value.ts';
import { givenFrom } from './validation-context.ts';

export interface OptionReader {
  string(name: string): string;
  /** A strings flag, or a repeatable string flag, as a list (a single string is one element). */
  strings(name: string): string[];
  /** As strings(), without empty elements (`--flag=a,,b` or `--flag=`). */
  nonEmptyStrings(name: string): string[];
  /** int, float, duration (milliseconds) and quantity (bytes) flags. */
  number(name: string): number;
  /**
   * As number(), except that zero or less stands for the row's default: a worker count, where a
   * controller with no workers would never act.
   */
  positiveNumber(name: string): number;
  bool(name: string): boolean;
  map(name: string): Record<string, string>;
  range(name: string): { base: number; size: number } | undefined;
  /** Given on the command line (or, for values built by hand, different from the default). */
  given(name: string): boolean;
}

const defaultsByTable = new WeakMap<readonly FlagSpec[], Record<string, FlagValue>>();

function tableDefaults(table: readonly FlagSpec[]): Record<string, FlagValue> {
  let defaults = defaultsByTable.get(table);
  if (!defaults) {
    defaults = defaultValues(table);
    defaultsByTable.set(table, defaults);
  }
  return defaults;
}

export function optionReader(table: readonly FlagSpec[], values: FlagValues): OptionReader {
  const specs = new Map(table.map((spec) => [spec.name, spec]));
  const defaults = tableDefaults(table);
  let given: ReadonlySet<string> | undefined;
  const get = (name: string): FlagValue | undefined => {
    if (!specs.has(name)) throw new Error(`no flag --${name} in this table`);
    return values[name] ?? defaults[name];
  };
  const strings = (name: string): string[] => {
    const v = get(name);
    if (Array.isArray(v)) return v;
    // A list written as its command-line text in values built by hand (`'Node,RBAC'`).
    if (typeof v === 'string' && specs.get(name)!.type === 'strings') return parseFlagValue(specs.get(name)!, v) as string[];
    return typeof v === 'string' && v !== '' ? [v] : [];
  };
  return {
    string: (name) => {
      const v = get(name);
      return typeof v === 'string' ? v : '';
    },
    strings,
    nonEmptyStrings: (name) => strings(name).filter((s) => s !== ''),
    number: (name) => {
      const v = get(name);
      return typeof v === 'number' ? v : 0;
    },
    positiveNumber: (name) => {
      const v = get(name);
      if (typeof v === 'number' && v > 0) return v;
      const fallback = defaults[name];
      return typeof fallback === 'number' ? fallback : 0;
    },
    bool: (name) => get(name) === true,
    map: (name) => {
      const v = get(name);
      return v && typeof v === 'object' && !Array.isArray(v) && !('base' in v) ? (v as Record<string, string>) : {};
    },
    range: (name) => {
      const v = get(name);
      return v && typeof v === 'object' && !Array.isArray(v) && 'base' in v ? (v as { base: number; size: number }) : undefined;
    },
    given: (name) => {
      get(name);
      given ??= givenFrom(values, table, defaults);
      return given.has(name);
    },
  };
}
