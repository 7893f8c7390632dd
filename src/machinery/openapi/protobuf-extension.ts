// The protobuf form of a kind, as data beside its fields: `x-orch-protobuf` on a property holds
// Kubernetes' field number (the `protobuf:"bytes,N,opt,name=..."` tag of its Go type) and what the
// wire needs that JSON does not say; on a definition it names an apimachinery type whose wire form
// differs from its JSON (a Time is an RFC 3339 string in JSON and {seconds, nanos} on the wire).
// Kubernetes does not publish these facts, so the documents leave the extension out.

export const PROTOBUF_EXTENSION = 'x-orch-protobuf';

/** apimachinery types with a message of their own on the wire and a scalar (or free) JSON form. */
export type ProtobufWireType = 'Time' | 'MicroTime' | 'FieldsV1' | 'RawExtension' | 'Quantity' | 'IntOrString';

export interface ProtobufFieldFacts {
  /** The field number. */
  tag: number;
  /**
   * A pointer or non-omitempty field in the Go type: a zero value on the wire is kept in JSON
   * (`leaseTransitions: 0`, `allowed: false`) instead of being dropped as an unset value.
   */
  keepZero?: true;
  /**
   * A non-pointer Go field without omitempty (or a struct, which omitempty never drops): always
   * in the JSON, as null for a zero time, {} for an empty message and '' for an empty string, and
   * always on the wire (a zero time as an empty message), as Go writes it.
   */
  always?: true;
  /**
   * The array (for a map, each value's array) is a named Go slice type, a message of its own on
   * the wire with the elements as repeated field 1 (authentication's ExtraValue).
   */
  wrapped?: true;
  /**
   * The field belongs to an embedded Go struct (`json:",inline"`) whose fields JSON spells out in
   * place, while the wire nests them in a message of their own: this is that message's number.
   */
  via?: number;
}

/** A property's protobuf facts: a bare field number, or the number with behaviours. */
export type ProtobufField = number | ProtobufFieldFacts;

/** A definition's protobuf facts: the apimachinery wire type it is. */
export interface ProtobufDefinition {
  wire: ProtobufWireType;
}

type Schema = Record<string, unknown>;

/** `schema` as field number `field` of its message. */
export function tag(field: ProtobufField, schema: Schema): Schema {
  return { ...schema, [PROTOBUF_EXTENSION]: field };
}

/** The facts of a property, normalised; undefined when it has no field number. */
export function protobufField(schema: Schema): ProtobufFieldFacts | undefined {
  const v = schema[PROTOBUF_EXTENSION];
  if (typeof v === 'number') return { tag: v };
  if (v && typeof v === 'object' && typeof (v as ProtobufFieldFacts).tag === 'number') return v as ProtobufFieldFacts;
  return undefined;
}

/** The wire type a definition is, if it is one. */
export function protobufWireType(definition: Schema): ProtobufWireType | undefined {
  const v = definition[PROTOBUF_EXTENSION];
  return v && typeof v === 'object' && typeof (v as ProtobufDefinition).wire === 'string' ? (v as ProtobufDefinition).wire : undefined;
}

/** A definition without the extension on itself or its properties, as the documents publish it. */
export function published(definition: Schema): Schema {
  if (!Object.hasOwn(definition, PROTOBUF_EXTENSION) && !definition['properties']) return definition;
  const { [PROTOBUF_EXTENSION]: _, ...rest } = definition;
  const props = rest['properties'] as Record<string, Schema> | undefined;
  if (props) {
    rest['properties'] = Object.fromEntries(
      Object.entries(props).map(([name, p]) => {
        const { [PROTOBUF_EXTENSION]: __, ...kept } = p;
        return [name, kept];
      }),
    );
  }
  return rest;
}

/** The definitions as published: the protobuf extension removed everywhere it is written. */
export function withoutProtobufFacts(defs: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, published(def)]));
}

/** The extension a definition of an apimachinery wire type carries (spread into the definition). */
export function wire(type: ProtobufWireType): Schema {
  return { [PROTOBUF_EXTENSION]: { wire: type } satisfies ProtobufDefinition };
}
