// A structural schema as data: the shape of one kind, in the OpenAPI v3 subset Kubernetes calls
// structural (every level has a type; no $ref; extensions for the Kubernetes-specific parts).
// The same data serves built-in kinds and custom resources alike: decoding, unknown-field
// detection, pruning and defaulting (decode.ts), and the merge semantics of strategic merge patch
// and server-side apply (merge-schema.ts).

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

export interface StructuralSchema {
  /** Absent only where anything is allowed (int-or-string, preserve-unknown-fields). */
  type?: SchemaType;
  /** int32, int64, double, byte (base64 of []byte), date-time, ... */
  format?: string;
  description?: string;
  /** Fields of a struct; unknown fields are left to `x-kubernetes-preserve-unknown-fields`. */
  properties?: Readonly<Record<string, StructuralSchema>>;
  /** Items of an array. */
  items?: StructuralSchema;
  /** Values of a map with free-form keys. */
  additionalProperties?: StructuralSchema;
  required?: readonly string[];
  enum?: readonly unknown[];
  /**
   * The value an absent (or null) field of a struct takes. Kubernetes publishes `{}` for a
   * non-pointer Go struct field, which Go always serialises, so `default: {}` on an object-typed
   * property also marks the field as always present for server-side apply. `null` is what Go
   * writes for a non-pointer metav1.Time that is zero.
   */
  default?: unknown;
  /** A custom resource's field that may hold null (kept, and not defaulted). */
  nullable?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: readonly string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  /** Strategic merge patch: `merge` (a list merges by key or as a set), `retainKeys`, or both. */
  'x-kubernetes-patch-strategy'?: string;
  /** Strategic merge patch: the field a merging list of objects is keyed by. */
  'x-kubernetes-patch-merge-key'?: string;
  /**
   * The Go type a built-in kind decodes this value into (`v1.ObjectMeta`, `[]string`,
   * `map[string]string`, `v1.Time`): Kubernetes' type errors name it. Absent for custom resources.
   */
  goType?: string;
  /**
   * Go's `,omitempty` on a string, number, bool, list or map field of a built-in kind: its zero
   * value ("", 0, false, empty) is dropped on decoding, as Go's encoder leaves it out. OpenAPI
   * does not publish it; go-struct.ts sets it from the Go struct's tags. Absent for custom resources.
   */
  omitEmpty?: boolean;
  /**
   * The properties are in the Go struct's declaration order, the order Go's encoder writes them
   * in; decoding writes the struct's fields in that order. Absent for custom resources.
   */
  goOrder?: boolean;
}
