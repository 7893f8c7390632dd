// meta/v1 types shared by every resource, as JSON on the wire. The layers above read them; this
// folder imports nothing from them.

import type { Time } from './time.ts';

export type { MicroTime, Time } from './time.ts';
export type { Status, StatusCause, StatusDetails } from './status.ts';

/** Object metadata: the fields the layers above read or set; other fields pass through untouched. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: unknown[];
  managedFields?: unknown[];
  [field: string]: unknown;
}

/** Any API object: apiVersion/kind plus metadata plus whatever the resource defines. */
export interface ApiObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** A label query: every matchLabels pair and every matchExpressions requirement must hold. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface LabelSelectorRequirement {
  key: string;
  /** In, NotIn, Exists or DoesNotExist; validation refuses any other. */
  operator: string;
  values?: string[];
}

export interface TypeMeta {
  apiVersion?: string;
  kind?: string;
}

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
  selfLink?: string;
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ManagedFieldsEntry {
  manager?: string;
  operation?: 'Apply' | 'Update';
  apiVersion?: string;
  time?: Time;
  fieldsType?: string;
  fieldsV1?: Record<string, unknown>;
  subresource?: string;
}

/**
 * A reference to an object (core/v1 ObjectReference in Kubernetes; declared here because both
 * the core and the events group use it). Every field is optional and omitted when empty.
 */
export interface ObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface DeleteOptions extends TypeMeta {
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  orphanDependents?: boolean;
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  dryRun?: string[];
}

export interface WatchEvent<T = unknown> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: T;
}

/** A metav1.Condition as JSON on the wire. */
export interface MetaCondition {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}
