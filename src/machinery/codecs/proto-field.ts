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
}

export type MessageSpec = Record<string, FieldSpec>;

export const s = (id: number): FieldSpec => ({ id, type: 'string' });
export const m = (id: number, type: string): FieldSpec => ({ id, type });
export const list = (id: number, type: string): FieldSpec => ({ id, type, repeated: true });
export const map = (id: number, type: string): FieldSpec => ({ id, type, map: true });
/** A field whose zero value means something (see keepZero). */
export const kept = (field: FieldSpec): FieldSpec => ({ ...field, keepZero: true });
