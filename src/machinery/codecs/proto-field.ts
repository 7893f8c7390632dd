// The shape of the message tables: one entry per field, with Kubernetes' field number.

/** A field type: a scalar protobuf type, or the name of a message of the tables. */
export interface FieldSpec {
  id: number;
  type: string;
  repeated?: boolean;
  /** A map<string, type>. */
  map?: boolean;
  /**
   * A pointer or non-omitempty field in the Go type: a zero value on the wire is kept in JSON
   * (`leaseTransitions: 0`, `allowed: false`) instead of being dropped as an unset value.
   */
  keepZero?: boolean;
  /**
   * A non-pointer Go field without omitempty (or a struct, which omitempty never drops): always
   * in the JSON, as null for a zero time, {} for an empty message and '' for an empty string, and
   * always on the wire (a zero time as an empty message), as Go writes it.
   */
  always?: boolean;
}

export type MessageSpec = Record<string, FieldSpec>;

export const s = (id: number): FieldSpec => ({ id, type: 'string' });
export const m = (id: number, type: string): FieldSpec => ({ id, type });
export const list = (id: number, type: string): FieldSpec => ({ id, type, repeated: true });
export const map = (id: number, type: string): FieldSpec => ({ id, type, map: true });
/** A field whose zero value means something (see keepZero). */
export const kept = (field: FieldSpec): FieldSpec => ({ ...field, keepZero: true });
/** A field present in JSON and on the wire even when zero (see always). */
export const always = (field: FieldSpec): FieldSpec => ({ ...field, always: true });
