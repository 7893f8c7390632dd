// x-kubernetes-list-type set and map: items of a set are unique, items of a map list are objects
// unique by their map keys (an absent key counts as its default, else as "unspecified"), as
// Kubernetes checks them after schema validation. Errors are field.Path style (`spec.ports[1]`).
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import { duplicate, invalid, RenderedValue, type BadValue, type FieldError } from '../validation/field-error.ts';
import { child, index } from '../validation/path.ts';
import { canonicalJson, goSharpV } from './go-values.ts';

const UNSPECIFIED = '\u0000unspecified';

function badValue(v: unknown): BadValue {
  if (v !== null && typeof v === 'object') return new RenderedValue(goSharpV(v));
  return v as BadValue;
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

export type ListTypeCheck = (path: string, list: unknown[]) => FieldError[];

function setCheck(): ListTypeCheck {
  return (path, list) => {
    if (list.length <= 1) return [];
    const seen = new Set<string>();
    const errs: FieldError[] = [];
    for (let i = 0; i < list.length; i++) {
      const k = canonicalJson(list[i]);
      if (seen.has(k)) errs.push(duplicate(index(path, i), badValue(list[i])));
      else seen.add(k);
    }
    return errs;
  };
}

function mapCheck(keys: readonly string[], items: JSONSchemaProps | undefined): ListTypeCheck {
  const defaults = keys.map((k) => items?.properties?.[k]?.default);
  return (path, list) => {
    for (let i = 0; i < list.length; i++) {
      const x = list[i];
      if (x !== null && (typeof x !== 'object' || Array.isArray(x))) {
        return [invalid(index(path, i), badValue(x), 'must be an object for an array of list-type map')];
      }
    }
    if (list.length <= 1) return [];
    const errs: FieldError[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < list.length; i++) {
      const x = (list[i] ?? {}) as Record<string, unknown>;
      const keyValues: Record<string, unknown> = {};
      const parts: string[] = [];
      let bad = false;
      keys.forEach((k, j) => {
        let v: unknown;
        if (Object.hasOwn(x, k)) v = x[k];
        else if (defaults[j] !== undefined) v = defaults[j];
        else {
          parts.push(UNSPECIFIED);
          return;
        }
        if (!isScalar(v)) {
          errs.push(invalid(child(index(path, i), k), badValue(v), 'must be a scalar'));
          bad = true;
          return;
        }
        keyValues[k] = v;
        parts.push(canonicalJson(v));
      });
      if (bad) continue;
      const id = parts.join('\u0001');
      if (seen.has(id)) errs.push(duplicate(index(path, i), new RenderedValue(goSharpV(keyValues))));
      else seen.add(id);
    }
    return errs;
  };
}

/** The uniqueness check of an array schema's list type, or undefined for atomic lists. */
export function compileListTypeCheck(schema: JSONSchemaProps): ListTypeCheck | undefined {
  const t = schema['x-kubernetes-list-type'];
  if (t === 'set') return setCheck();
  if (t === 'map') {
    const keys = schema['x-kubernetes-list-map-keys'] ?? [];
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    return keys.length ? mapCheck(keys, items) : undefined;
  }
  return undefined;
}
