// A structural schema as data: the shape of one kind, in the OpenAPI v3 subset Kubernetes calls
// structural (every level has a type; no $ref; extensions for the Kubernetes-specific parts).
// The same data is meant to serve built-in kinds and custom resources alike: decoding bodies now,
// pruning, defaulting, apply field sets and OpenAPI publishing later.

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
  default?: unknown;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: readonly string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  /**
   * The Go type a built-in kind decodes this value into (`v1.ObjectMeta`, `[]string`,
   * `map[string]string`, `v1.Time`): Kubernetes' type errors name it. Absent for custom resources.
   */
  goType?: string;
}
