// The admission contract: what a plugin sees of a write, and the two phases it may take part in.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';
import type { ReinvocationContext } from './reinvocation.ts';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** A write as admission sees it (Kubernetes' admission.Attributes). */
export interface AdmissionAttributes {
  operation: AdmissionOperation;
  resource: { group: string; version: string; resource: string };
  subresource: string;
  kind: { group: string; version: string; kind: string };
  /** "" for cluster-scoped objects (a Namespace's own name is `name`). */
  namespace: string;
  name: string;
  /** The object being written; mutating plugins may change it in place. Absent on DELETE. */
  object?: ApiObject;
  /** The stored object on UPDATE and DELETE. */
  oldObject?: ApiObject;
  dryRun: boolean;
  userInfo?: UserInfo;
  /** Set by the chain for the mutating phase: shared reinvocation bookkeeping of its plugins. */
  reinvocation?: ReinvocationContext;
  /**
   * Set by the registry: decodes an object in place through the kind's type (unknown fields
   * dropped, Go's encoding applied), returning Go's error for a value of the wrong type. Mutating
   * plugins take their results back through mutated-object.ts, which calls it.
   */
  decodeObject?(obj: ApiObject): string | undefined;
}

/**
 * One admission plugin. A plugin mutates (`admit`), validates (`validate`) or both; `handles`
 * says which operations it acts on. A rejection is a thrown StatusError.
 */
export interface AdmissionPlugin {
  readonly name: string;
  handles(operation: AdmissionOperation): boolean;
  /** Opts in to the chain's extra mutating round (policies and webhooks with reinvocationPolicy IfNeeded). */
  readonly reinvocable?: boolean;
  admit?(attrs: AdmissionAttributes): void | Promise<void>;
  validate?(attrs: AdmissionAttributes): void | Promise<void>;
}

/**
 * What the registry calls: every mutating plugin, then (after the resource's own validation) every
 * validating one. A promise is returned only when a plugin had something to wait for.
 */
export interface Admission {
  admit(attrs: AdmissionAttributes): void | Promise<void>;
  validate(attrs: AdmissionAttributes): void | Promise<void>;
}
