// Protobuf messages derived from the OpenAPI definitions: a definition whose properties carry
// Kubernetes' field numbers (`x-orch-protobuf`) is a message, and everything else its fields need
// comes from the schema itself: an array is a repeated field, an object with additionalProperties
// a map<string, V>, a reference another message (or an apimachinery wire type, proto-wire-types.ts),
// and type and format give the scalar (int32, int64, bool, string, bytes for format byte).
// Compiled once into plans that the JSON <-> message conversion walks, and one protobufjs Root.

import type protobuf from 'protobufjs';
import { protobufjs } from '../lazy/protobufjs.ts';
import { protobufField, protobufWireType } from '../openapi/protobuf-extension.ts';
import { wireTypes, type WireTypeCodec } from './proto-wire-types.ts';

type Definition = Record<string, unknown>;

/** How one value (a field's, a list item's or a map value's) is written. */
export type ValuePlan =
  | { kind: 'scalar'; protoType: string }
  | { kind: 'message'; message: MessagePlan }
  | { kind: 'wire'; protoType: string; codec: WireTypeCodec }
  /** A named Go slice type: a message with the elements as repeated field 1, `items`. */
  | { kind: 'wrapped'; message: MessagePlan }
  /**
   * An embedded Go struct (`json:",inline"`): its fields sit in the outer object's JSON, while
   * the wire nests them in a message of their own (a Volume's VolumeSource).
   */
  | { kind: 'inline'; message: MessagePlan };

export interface FieldPlan {
  name: string;
  id: number;
  repeated: boolean;
  map: boolean;
  keepZero: boolean;
  always: boolean;
  value: ValuePlan;
}

export interface MessagePlan {
  /** The protobufjs type name (the definition name, dots replaced). */
  protoName: string;
  definition: string;
  fields: FieldPlan[];
  /** Set once the Root is built. */
  type?: protobuf.Type;
}

/** Properties a kind's message leaves out: Kubernetes embeds TypeMeta without field numbers. */
const TYPE_META = new Set(['apiVersion', 'kind']);

// Dashes too: protobufjs drops them from a message's name but not from a reference to it
// (io.orch.apiextensions-apiserver.…).
const protoNameOf = (definition: string) => definition.replace(/[.-]/g, '_');

function refName(p: Definition): string | undefined {
  const ref = typeof p['$ref'] === 'string' ? p['$ref'] : undefined;
  const allOf = Array.isArray(p['allOf']) && p['allOf'].length === 1 ? (p['allOf'][0] as Definition)['$ref'] : undefined;
  const target = ref ?? (typeof allOf === 'string' ? allOf : undefined);
  return target?.slice(target.lastIndexOf('/') + 1);
}

function scalarType(p: Definition): string | undefined {
  switch (p['type']) {
    case 'string':
      return p['format'] === 'byte' ? 'bytes' : 'string';
    case 'boolean':
      return 'bool';
    case 'integer':
      return p['format'] === 'int32' ? 'int32' : 'int64';
    case 'number':
      return 'double';
    default:
      return undefined;
  }
}

/** True when the definition is a message: some property has a field number. */
export function isMessageDefinition(def: Definition): boolean {
  const props = def['properties'] as Record<string, Definition> | undefined;
  return !!props && Object.values(props).some((p) => protobufField(p) !== undefined);
}

/** A Go struct without fields (StorageVersionSpec): an empty message, not a missing one. */
function isEmptyStruct(def: Definition): boolean {
  return def['type'] === 'object' && def['properties'] === undefined && def['additionalProperties'] === undefined;
}

export class ProtobufDerivation {
  readonly #defs: Readonly<Record<string, Definition>>;
  readonly #plans = new Map<string, MessagePlan>();
  /** What the definitions lack for a message: `<definition>.<field>: <why>`. */
  readonly problems: string[] = [];
  #root: protobuf.Root | undefined;

  constructor(defs: Readonly<Record<string, Definition>>) {
    this.#defs = defs;
  }

  /** The plan of definition `name` and of every message it reaches (built once). */
  message(name: string): MessagePlan {
    const known = this.#plans.get(name);
    if (known) return known;
    const def = this.#defs[name];
    if (!def) throw new Error(`no OpenAPI definition ${name}`);
    const plan: MessagePlan = { protoName: protoNameOf(name), definition: name, fields: [] };
    // Registered before its fields, so a recursive definition refers to itself.
    this.#plans.set(name, plan);
    const isKind = Array.isArray(def['x-kubernetes-group-version-kind']);
    const inlined = new Map<number, MessagePlan>();
    for (const [field, p] of Object.entries((def['properties'] ?? {}) as Record<string, Definition>)) {
      const facts = protobufField(p);
      if (!facts) {
        if (!(isKind && TYPE_META.has(field))) this.problems.push(`${name}.${field}: no field number`);
        continue;
      }
      const where = `${name}.${field}`;
      const planned = this.#field(where, p, facts.wrapped === true);
      if (!planned) continue;
      if (facts.always && (planned.repeated || planned.map)) this.problems.push(`${where}: a list or map cannot be always present`);
      const target = facts.via === undefined ? plan : this.#inlined(name, facts.via, inlined);
      target.fields.push({ name: field, id: facts.tag, keepZero: facts.keepZero === true, always: facts.always === true, ...planned });
    }
    for (const [id, message] of inlined) {
      message.fields.sort((a, b) => a.id - b.id);
      plan.fields.push({ name: `inline_${id}`, id, keepZero: false, always: true, repeated: false, map: false, value: { kind: 'inline', message } });
    }
    // Field-number order, which is the Go struct's order and so the order Go writes JSON keys in.
    plan.fields.sort((a, b) => a.id - b.id);
    const ids = plan.fields.map((f) => f.id);
    if (new Set(ids).size !== ids.length) this.problems.push(`${name}: field numbers repeat (${ids.join(', ')})`);
    return plan;
  }

  #field(where: string, p: Definition, wrapped: boolean): { repeated: boolean; map: boolean; value: ValuePlan } | undefined {
    if (refName(p) === undefined && p['type'] === 'array') {
      const items = p['items'] as Definition | undefined;
      const value = items && this.#value(`${where}[]`, items);
      if (!value) return undefined;
      return wrapped ? { repeated: false, map: false, value: this.#wrapped(where, value) } : { repeated: true, map: false, value };
    }
    if (refName(p) === undefined && p['type'] === 'object' && p['additionalProperties'] && typeof p['additionalProperties'] === 'object') {
      const values = p['additionalProperties'] as Definition;
      if (wrapped) {
        const items = values['type'] === 'array' ? this.#value(`${where}{}[]`, (values['items'] ?? {}) as Definition) : undefined;
        if (!items) {
          this.problems.push(`${where}: a wrapped map needs array values`);
          return undefined;
        }
        return { repeated: false, map: true, value: this.#wrapped(where, items) };
      }
      const value = this.#value(`${where}{}`, values);
      return value && { repeated: false, map: true, value };
    }
    const value = this.#value(where, p);
    return value && { repeated: false, map: false, value };
  }

  #value(where: string, p: Definition): ValuePlan | undefined {
    const ref = refName(p);
    if (ref !== undefined) {
      const target = this.#defs[ref];
      if (!target) {
        this.problems.push(`${where}: no definition ${ref}`);
        return undefined;
      }
      const wire = protobufWireType(target);
      if (wire) return { kind: 'wire', protoType: `apimachinery_${wire}`, codec: wireTypes[wire] };
      if (!isMessageDefinition(target) && !isEmptyStruct(target)) {
        this.problems.push(`${where}: ${ref} has no field numbers`);
        return undefined;
      }
      return { kind: 'message', message: this.message(ref) };
    }
    if (p['x-kubernetes-int-or-string'] === true) return { kind: 'wire', protoType: 'apimachinery_IntOrString', codec: wireTypes.IntOrString };
    const scalar = scalarType(p);
    if (scalar) return { kind: 'scalar', protoType: scalar };
    this.problems.push(`${where}: an inline ${String(p['type'] ?? 'untyped')} schema has no message; refer to a definition`);
    return undefined;
  }

  /** The message of the struct embedded in `name` at field `id`, made on first use. */
  #inlined(name: string, id: number, known: Map<number, MessagePlan>): MessagePlan {
    let message = known.get(id);
    if (!message) {
      const definition = `${name}.inline${id}`;
      message = { protoName: protoNameOf(definition), definition, fields: [] };
      known.set(id, message);
      this.#plans.set(definition, message);
    }
    return message;
  }

  #wrapped(where: string, items: ValuePlan): ValuePlan {
    const name = `${where.replace(/[[\]{}]/g, '')}.items`;
    const message: MessagePlan = { protoName: protoNameOf(name), definition: name, fields: [{ name: 'items', id: 1, repeated: true, map: false, keepZero: false, always: false, value: items }] };
    this.#plans.set(name, message);
    return { kind: 'wrapped', message };
  }

  /** The protobufjs types of every plan built so far; later calls to message() need a new Root. */
  root(): protobuf.Root {
    if (this.#root) return this.#root;
    const nested: Record<string, protobuf.AnyNestedObject> = {};
    // proto2, as Kubernetes' messages: a field set to its zero value is still written and read
    // back (a pointer's 0 or false), where proto3 would drop it.
    const message = (fields: Record<string, unknown>) => ({ edition: 'proto2', fields }) as protobuf.AnyNestedObject;
    for (const [wire, codec] of Object.entries(wireTypes)) nested[`apimachinery_${wire}`] = message({ ...codec.fields });
    for (const plan of this.#plans.values()) {
      const fields: Record<string, protobuf.IField & { keyType?: string }> = {};
      for (const f of plan.fields) {
        const type = protoTypeOf(f.value);
        fields[f.name] = f.map ? { id: f.id, type, keyType: 'string' } : { id: f.id, type, ...(f.repeated ? { rule: 'repeated' } : {}) };
      }
      nested[plan.protoName] = message(fields);
    }
    const root = protobufjs().Root.fromJSON({ nested: { orch: { nested } } });
    for (const plan of this.#plans.values()) plan.type = root.lookupType(`orch.${plan.protoName}`);
    this.#root = root;
    return root;
  }
}

function protoTypeOf(value: ValuePlan): string {
  return value.kind === 'message' || value.kind === 'wrapped' || value.kind === 'inline' ? value.message.protoName : value.protoType;
}
