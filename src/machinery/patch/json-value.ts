// Small helpers over plain JSON values, shared by the patch and apply algorithms.

export type JsonObject = Record<string, unknown>;

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Keys of JSON objects come from users, and "__proto__", "constructor" or "toString" are valid
// keys of a config map's data. A plain `obj[key]` read returns an inherited member for them, and a
// plain `obj[key] = v` write with "__proto__" replaces the object's prototype (or, through the
// inherited Object.prototype, pollutes every object of the process). Code that reads or writes a
// key it got from input goes through these two.

/** The object's own member `key`; never an inherited one. */
export function ownValue(obj: JsonObject, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Sets `key` as an own, enumerable data member, as JSON.parse would, whatever the key. */
export function setOwn(obj: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/**
 * A deep copy of a JSON value (objects built from JSON never hold functions or cycles). Plain
 * recursion: several times faster than structuredClone for the small objects of an API write.
 */
export function cloneJson<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const copy = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) copy[i] = cloneJson(v[i]);
    return copy as T;
  }
  if (v instanceof Uint8Array) return v.slice() as T;
  const out: JsonObject = {};
  // for...in, not Object.keys: no key array per object. JSON objects have no inherited
  // enumerable keys.
  for (const k in v) setOwn(out, k, cloneJson((v as JsonObject)[k]));
  return out as T;
}

/** The one empty object that shared copies use for every `{}` in them. */
const SHARED_EMPTY = Object.freeze({});

/** Depth from which a shared copy is frozen as it is built. */
const FROZEN_FROM = 2;

/**
 * What JSON.parse(JSON.stringify(v)) gives, without the text in between (undefined and function
 * members dropped, null in arrays; non-finite numbers null; -0 as 0; toJSON honoured), made for
 * readers to share: everything below the top two levels is frozen as it is built, and every empty
 * object there is one shared frozen object (most of managedFields' fieldsV1 is empty objects:
 * about half of a stored event's objects). The top level and its members (metadata) stay open,
 * for the caller to finish and then freeze with deepFreeze, which stops at what is frozen already.
 */
export function jsonCopyForSharing<T>(v: T): T {
  return copyForSharing(v, 0);
}

function copyForSharing<T>(v: T, depth: number): T {
  if (typeof v === 'number') return (Number.isFinite(v) ? (v === 0 ? 0 : v) : null) as T;
  if (typeof v !== 'object' || v === null) return v;
  const freeze = depth >= FROZEN_FROM;
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    const viaText = JSON.parse(JSON.stringify(v)) as T;
    return freeze ? deepFreeze(viaText) : viaText;
  }
  if (Array.isArray(v)) {
    const copy = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      copy[i] = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : copyForSharing(item, depth + 1);
    }
    return (freeze ? Object.freeze(copy) : copy) as T;
  }
  const out: JsonObject = {};
  let members = 0;
  for (const k in v) {
    const item: unknown = (v as JsonObject)[k];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    setOwn(out, k, copyForSharing(item, depth + 1));
    members++;
  }
  if (!freeze) return out as T;
  return (members === 0 ? SHARED_EMPTY : Object.freeze(out)) as T;
}

/** Freezes a JSON value and everything in it, for sharing between readers; frozen values are left as they are. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // for...in, not Object.values: no value array per object.
    for (const k in value) deepFreeze((value as Record<string, unknown>)[k]);
  }
  return value;
}

/** Structural equality of JSON values; key order of objects does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (isJsonObject(a)) {
    if (!isJsonObject(b)) return false;
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** "object", "array", "string", "number", "boolean" or "null", as error messages name JSON types. */
export function jsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
