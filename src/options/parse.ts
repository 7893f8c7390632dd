// The command-line parser: pflag's forms over a FlagSpec table. Accepts --flag=value,
// --flag value, bare booleans (and bare flags with an optional value), -v2 / -v 2 / -v=2,
// repeats (lists append, maps merge, scalars: last wins) and `--` ending the flags.
import type { FlagSpec, FlagValue, FlagValues } from './flag.ts';
import { parseFlagValue } from './parse-value.ts';

export interface ParseResult {
  values: FlagValues;
  errors: string[];
  /** Long names of the flags given on the command line. */
  given: ReadonlySet<string>;
  /** Arguments that are not flags. */
  args: string[];
}

// Which flags a values record got from the command line, so validation can tell a given flag
// from a default without changing the values' shape.
const givenByValues = new WeakMap<object, ReadonlySet<string>>();

/** Flags given on the command line for a values record produced by parseFlags. */
export function givenFlags(values: FlagValues): ReadonlySet<string> | undefined {
  return givenByValues.get(values);
}

/** Parses every default of a table; a default that does not parse is a bug in the table. */
export function defaultValues(table: readonly FlagSpec[]): Record<string, FlagValue> {
  const values: Record<string, FlagValue> = {};
  for (const spec of table) {
    if (spec.default === undefined || spec.default === '') continue;
    const parsed = parseFlagValue(spec, spec.default);
    values[spec.name] = spec.type === 'string' && spec.repeatable ? [parsed as string] : parsed;
  }
  return values;
}

export function flagDisplayName(spec: FlagSpec): string {
  return spec.short ? `-${spec.short}, --${spec.name}` : `--${spec.name}`;
}

export function parseFlags(table: readonly FlagSpec[], argv: string[]): ParseResult {
  const byName = new Map(table.map((spec) => [spec.name, spec]));
  const byShort = new Map(table.filter((spec) => spec.short).map((spec) => [spec.short!, spec]));
  const values: Record<string, FlagValue> = defaultValues(table);
  const given = new Set<string>();
  const args: string[] = [];
  const errors: string[] = [];

  const takesNoValue = (spec: FlagSpec) => spec.type === 'bool' || spec.optionalValue !== undefined;

  const set = (spec: FlagSpec, text: string): boolean => {
    let parsed: FlagValue;
    try {
      parsed = parseFlagValue(spec, text);
    } catch (err) {
      errors.push(`invalid argument ${JSON.stringify(text)} for ${JSON.stringify(flagDisplayName(spec))} flag: ${(err as Error).message}`);
      return false;
    }
    const first = !given.has(spec.name);
    given.add(spec.name);
    values[spec.name] = accumulate(spec, first ? undefined : values[spec.name], parsed);
    return true;
  };

  let i = 0;
  while (i < argv.length) {
    const arg = argv[i++]!;
    if (arg === '--') {
      args.push(...argv.slice(i));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const spec = byName.get(name);
      if (!spec) {
        errors.push(`unknown flag: --${name}`);
        break;
      }
      let text: string;
      if (eq >= 0) text = arg.slice(eq + 1);
      else if (takesNoValue(spec)) text = spec.optionalValue ?? 'true';
      else if (i < argv.length) text = argv[i++]!;
      else {
        errors.push(`flag needs an argument: --${name}`);
        break;
      }
      if (!set(spec, text)) break;
    } else if (arg.startsWith('-') && arg.length > 1) {
      if (!parseShorthands(arg)) break;
    } else {
      args.push(arg);
    }
  }

  // Handles `-h`, `-v2`, `-v=2`, `-v 2` and runs of bare shorthands such as `-hv3`.
  function parseShorthands(arg: string): boolean {
    let rest = arg.slice(1);
    while (rest.length > 0) {
      const letter = rest[0]!;
      const spec = byShort.get(letter);
      if (!spec) {
        errors.push(`unknown shorthand flag: '${letter}' in ${arg}`);
        return false;
      }
      rest = rest.slice(1);
      let text: string;
      if (rest.startsWith('=')) {
        text = rest.slice(1);
        rest = '';
      } else if (takesNoValue(spec)) {
        text = spec.optionalValue ?? 'true';
      } else if (rest.length > 0) {
        text = rest;
        rest = '';
      } else if (i < argv.length) {
        text = argv[i++]!;
      } else {
        errors.push(`flag needs an argument: '${letter}' in ${arg}`);
        return false;
      }
      if (!set(spec, text)) return false;
    }
    return true;
  }

  givenByValues.set(values, given);
  return { values, errors, given, args };
}

/** Combines a new occurrence with earlier ones: lists append, maps merge, scalars replace. */
function accumulate(spec: FlagSpec, previous: FlagValue | undefined, parsed: FlagValue): FlagValue {
  if (spec.type === 'string' && spec.repeatable) {
    return [...((previous as string[] | undefined) ?? []), parsed as string];
  }
  if (spec.type === 'strings') return [...((previous as string[] | undefined) ?? []), ...(parsed as string[])];
  if (spec.type === 'map') {
    return { ...((previous as Record<string, string> | undefined) ?? {}), ...(parsed as Record<string, string>) };
  }
  return parsed;
}
