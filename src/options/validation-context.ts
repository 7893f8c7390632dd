// What every option validator sees: the parsed values, which flags were given, the feature gates,
// and where to put errors (start-up fails) and warnings (start-up goes on). Each error names
// the option it is about.
import type { FlagSpec, FlagValues } from './flag.ts';
import type { FeatureGates } from '../component-base/featuregate/feature-gates.ts';
import { givenFlags } from './parse.ts';

export interface ValidationContext {
  values: FlagValues;
  given: ReadonlySet<string>;
  gates: FeatureGates;
  errors: string[];
  warnings: string[];
}

export type OptionValidator = (ctx: ValidationContext) => void;

/**
 * The flags given on the command line: the parser's record when there is one, else every flag
 * whose value differs from its table default (for values built by hand).
 */
export function givenFrom(values: FlagValues, table: readonly FlagSpec[], defaults: Record<string, unknown>): ReadonlySet<string> {
  const recorded = givenFlags(values);
  if (recorded) return recorded;
  const given = new Set<string>();
  for (const spec of table) {
    const value = values[spec.name];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(defaults[spec.name])) given.add(spec.name);
  }
  return given;
}

export const str = (ctx: ValidationContext, name: string): string => {
  const value = ctx.values[name];
  return typeof value === 'string' ? value : '';
};

export const num = (ctx: ValidationContext, name: string): number | undefined => {
  const value = ctx.values[name];
  return typeof value === 'number' ? value : undefined;
};

export const bool = (ctx: ValidationContext, name: string): boolean => ctx.values[name] === true;

export const list = (ctx: ValidationContext, name: string): string[] => {
  const value = ctx.values[name];
  return Array.isArray(value) ? value : [];
};

export const map = (ctx: ValidationContext, name: string): Record<string, string> => {
  const value = ctx.values[name];
  return value && typeof value === 'object' && !Array.isArray(value) && !('base' in value) ? (value as Record<string, string>) : {};
};

/** A flag counts as set when given on the command line with a non-empty value. */
export const isSet = (ctx: ValidationContext, name: string): boolean => {
  if (!ctx.given.has(name)) return false;
  const value = ctx.values[name];
  if (value === '' || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
};

/** Errors for negative values of the named int or duration flags (`--x can not be negative value`). */
export function rejectNegative(ctx: ValidationContext, names: readonly string[]): void {
  for (const name of names) {
    const value = num(ctx, name);
    if (value !== undefined && value < 0) ctx.errors.push(`--${name} can not be negative value`);
  }
}

export function isIP(text: string): boolean {
  return isIPv4(text) || isIPv6(text);
}

export function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

export function isIPv6(text: string): boolean {
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname !== '';
  } catch {
    return false;
  }
}
