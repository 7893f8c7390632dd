// A resource is declared once. The generic store, the REST routes, discovery, OpenAPI and RBAC
// verbs are all derived from a ResourceDeclaration; declarations are checked with `satisfies`.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { StatusCause } from '../../machinery/status.ts';
import type { UserInfo } from '../../machinery/authorization/types.ts';
import type { StructuralSchema } from '../../machinery/schema/structural.ts';
import type { GroupResourceName } from '../../storage/keys.ts';

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export const ALL_VERBS: readonly Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** A column of a meta.v1 Table, as Kubernetes describes it. */
export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

/** What a create knows besides the object. */
export interface CreateContext {
  user?: UserInfo;
}

/** What a resource does on writes: defaults, validation, warnings, normalisation. */
export interface ResourceStrategy<T extends ApiObject> {
  /**
   * Clears what a client may not set and fills defaults before a create is validated. `ctx`
   * names the requesting user, for kinds that record who asked (CertificateSigningRequest).
   */
  prepareForCreate(obj: T, ctx?: CreateContext): void;
  /** Same for an update; `old` is the stored object in this resource's served form. */
  prepareForUpdate(obj: T, old: T): void;
  /** Field errors of a new object (empty when valid). */
  validate(obj: T): StatusCause[];
  validateUpdate(obj: T, old: T): StatusCause[];
  warningsOnCreate(obj: T): string[];
  warningsOnUpdate(obj: T, old: T): string[];
  /** Normalises an object after validation, before it is stored. */
  canonicalize(obj: T): void;
  /** PUT of a missing name creates it. */
  allowCreateOnUpdate: boolean;
  /** PUT without metadata.resourceVersion is accepted. */
  allowUnconditionalUpdate: boolean;
}

/**
 * A strategy that only validates: no defaults, nothing to canonicalize, and warnings only when
 * given. Most resources are this; the rest write their strategy out.
 */
export function validatingStrategy<T extends ApiObject>(opts: {
  validate: (obj: T) => StatusCause[];
  validateUpdate: (obj: T, old: T) => StatusCause[];
  allowCreateOnUpdate: boolean;
  warnings?: (obj: T) => string[];
}): ResourceStrategy<T> {
  const warnings = opts.warnings ?? (() => []);
  return {
    prepareForCreate: () => {},
    prepareForUpdate: () => {},
    validate: opts.validate,
    validateUpdate: opts.validateUpdate,
    warningsOnCreate: (obj) => warnings(obj),
    warningsOnUpdate: (obj) => warnings(obj),
    canonicalize: () => {},
    allowCreateOnUpdate: opts.allowCreateOnUpdate,
    allowUnconditionalUpdate: true,
  };
}

const noop = () => {};

/**
 * The strategy of a resource whose objects are never written as stored (the review kinds, which
 * answer a create without storing it; computed kinds such as componentstatuses): nothing to
 * default, validate or warn about here.
 */
export function inertStrategy<T extends ApiObject>(): ResourceStrategy<T> {
  return {
    prepareForCreate: noop,
    prepareForUpdate: noop,
    validate: () => [],
    validateUpdate: () => [],
    warningsOnCreate: () => [],
    warningsOnUpdate: () => [],
    canonicalize: noop,
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
  };
}

export interface ResourceTable<T extends ApiObject> {
  columns: readonly TableColumnDefinition[];
  row(obj: T): unknown[];
}

/** Deletion semantics beyond metadata.finalizers. */
export interface DeletionHooks<T extends ApiObject> {
  /** The object still waits for finalizers of its own fields. */
  hasPendingFinalizers?(obj: T): boolean;
  /** What marking the object for deletion changes besides its metadata (e.g. phase Terminating). */
  markDeleting?(obj: T): void;
  /**
   * Graceful deletion: the seconds the object is given to wind down (0 deletes at once), from
   * the request's gracePeriodSeconds (undefined when not given) and the object itself. While the
   * period runs the object carries deletionTimestamp (its end) and deletionGracePeriodSeconds,
   * and whoever acts on it (a pod's node agent) deletes it again with 0 when done.
   */
  gracePeriodSeconds?(obj: T, requested: number | undefined): number;
  /**
   * Why a DELETE of this one name is refused (Forbidden) before anything else is looked at, or
   * undefined: the system priority classes. A delete of the collection is not asked, as in
   * Kubernetes.
   */
  refusal?(name: string): string | undefined;
}

/**
 * A subresource served at <plural>/<name>/<subresource>: one with its own rules for what an
 * update may change (status), one an object of another kind is posted to (`action`: binding,
 * eviction), or one whose requests the installed resource passes on elsewhere (log, exec,
 * proxy: `connect`, served by a connector the server installs).
 */
export interface SubresourceDeclaration<T extends ApiObject> {
  verbs: readonly Verb[];
  strategy: ResourceStrategy<T>;
  action?: SubresourceAction<T>;
  /** Requests are passed to the installed resource's connector of this name. */
  connect?: true;
  /** The subresource is read and written as another kind that is a view of the parent (scale). */
  view?: SubresourceView<T>;
}

/**
 * A subresource served as another kind computed from its parent (autoscaling/v1 Scale of a
 * replication controller): reads answer the view; writes change the view, which is mapped back
 * onto the parent and stored through the parent's own update rules.
 */
export interface SubresourceView<T extends ApiObject> {
  group: string;
  version: string;
  kind: string;
  schema?: StructuralSchema;
  toView(parent: T): ApiObject;
  /** The parent with the view's changes (a copy the caller may keep). */
  fromView(view: ApiObject, parent: T): T;
  /** Field errors of a view written by a client. */
  validate(view: ApiObject): StatusCause[];
}

/** The posted kind of an action subresource, and what posting it does to the parent. */
export interface SubresourceAction<T extends ApiObject> {
  group: string;
  version: string;
  kind: string;
  schema?: StructuralSchema;
  /** Carries the action out on the parent; answers with what the response holds (201). */
  act(parent: ParentAccess<T>, posted: ApiObject): Promise<ApiObject>;
}

/** The parent object of a subresource request, as an action may read and change it. */
export interface ParentAccess<T extends ApiObject> {
  name: string;
  namespace: string;
  dryRun: boolean;
  get(): Promise<T>;
  /**
   * Read-modify-write of the parent past its strategy (the action applies its own rules), retried
   * on races; `mutate` may throw a StatusError to refuse.
   */
  update(mutate: (current: T) => T): Promise<T>;
  /** Deletes the parent as a DELETE request would (`dryRun`: only as a dry run, whatever the request said). */
  delete(options: { gracePeriodSeconds?: number; preconditions?: { uid?: string; resourceVersion?: string }; dryRun?: boolean }): Promise<void>;
}

/**
 * One resource in one group/version. T is the served form (what clients send and receive),
 * S the stored form; resources that share storage (core and events.orch.io events) convert.
 */
export interface ResourceDeclaration<T extends ApiObject = ApiObject, S extends ApiObject = ApiObject> {
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
  listKind: string;
  plural: string;
  singular: string;
  shortNames: readonly string[];
  categories: readonly string[];
  namespaced: boolean;
  /** The group/resource keys are laid out by (events of both groups share /registry/events/). */
  storageResource: GroupResourceName;
  /**
   * Feature gates that must all be on for the resource to be served, beside its group version
   * being enabled (an alpha or beta resource, as Kubernetes installs its storage only then).
   */
  featureGates?: readonly string[];
  /** The group/version/kind objects are stored as; its hash is discovery's storageVersionHash. */
  storageVersion: { group: string; version: string; kind: string };
  strategy: ResourceStrategy<T>;
  /**
   * The kind's shape: bodies and patch results are decoded against it (wrong JSON types are
   * Kubernetes' 400, unknown fields are reported for fieldValidation and dropped, defaults are
   * filled in) before anything else sees them; strategic merge patches, server-side apply and
   * managedFields read their list and struct semantics from it. Absent: only ObjectMeta is typed.
   */
  schema?: StructuralSchema;
  /**
   * A custom resource's kind: decoding prunes and defaults by the schema but leaves values of the
   * wrong type to validation, which names the schema's types (Kubernetes decodes custom resources
   * as unstructured JSON and validates them against their OpenAPI schema).
   */
  customResource?: boolean;
  /**
   * What decoding does beyond the schema (a body already typed by it): normalisation the schema
   * cannot say. The body is freshly parsed and not used again, so the result may take parts of it.
   */
  decode?: (raw: ApiObject) => T;
  /** Served form to stored form (the result may share structure with the argument). */
  toStored(obj: T): S;
  /** Stored form to served form; must not modify its argument (it may come from a cache). */
  fromStored(obj: S): T;
  /**
   * Stored form to a served form that is only read and serialized (a list's items): it may share
   * parts with its argument, so it costs less than fromStored. Absent: fromStored is used.
   */
  fromStoredForReading?(obj: S): T;
  /** Field-selector attributes of a stored object, keyed as this group-version names them. */
  fieldSet(obj: S): Record<string, string>;
  /** Field names a selector may use on this path. */
  allowedFieldSelectors: readonly string[];
  table: ResourceTable<T>;
  /** Seconds the object lives after a write; undefined for no expiry. */
  ttlSeconds?: (obj: S) => number | undefined;
  verbs: readonly Verb[];
  /** The OpenAPI definition name of the kind, e.g. io.orch.api.events.v1.Event. */
  openapiDefinition?: string;
  /** The protobuf codec has messages for this kind at this group/version. */
  protobuf?: boolean;
  /**
   * A deprecated API's warning, sent on every request to it (Kubernetes' installer adds it from
   * the type's deprecation), before any warning of the request itself.
   */
  deprecationWarning?: string;
  /** The apiVersion objects are served with when it is not the path's (a Scale under /api/v1). */
  servedApiVersion?: string;
  /**
   * Served under its group's Kubernetes name (`networking.k8s.io`) for the orch.io group named
   * here: same objects, discovery and OpenAPI list it too; the server's own consumers skip it.
   */
  aliasOf?: string;
  /** Deletion semantics beyond metadata.finalizers. */
  deletion?: DeletionHooks<T>;
  /** Subresources by name (status, finalize); get, update and patch through the generic store. */
  subresources?: Readonly<Record<string, SubresourceDeclaration<T>>>;
}

/** "events.orch.io/v1" or "v1" for the core group. */
export function apiVersionOf(decl: { group: string; version: string; servedApiVersion?: string }): string {
  if (decl.servedApiVersion) return decl.servedApiVersion;
  return decl.group ? `${decl.group}/${decl.version}` : decl.version;
}
