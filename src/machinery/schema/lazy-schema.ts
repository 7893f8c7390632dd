// A structural schema built the first time anything reads it. Building a built-in kind's schema
// means building the OpenAPI definitions of every kind first, which start-up should not pay for
// kinds no request has used yet. The placeholder forwards every read (properties, spread, `in`,
// keys) to the built schema, so callers see a plain StructuralSchema and keep their identity
// checks and caches keyed by the schema object.
import type { StructuralSchema } from './structural.ts';

export function lazySchema(build: () => StructuralSchema): StructuralSchema {
  let built: StructuralSchema | undefined;
  const schema = (): StructuralSchema => (built ??= build());
  // The empty target is extensible and has no own properties, so forwarding every trap to the
  // built schema keeps the invariants a Proxy must hold.
  return new Proxy({} as StructuralSchema, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    set: (_, key, value) => Reflect.set(schema(), key, value),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
