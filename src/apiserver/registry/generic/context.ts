// What every generic-store operation works with: a declaration paired with its object store.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import type { GroupResource } from '../../../machinery/status.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { apiVersionOf } from '../resource.ts';
import type { Admission } from '../../admission/types.ts';
import type { Request, Response, UserInfo } from '../../../component-base/serving/request-context.ts';

/** A declaration served over a store. Declarations sharing storage share one Store. */
export interface InstalledResource<T extends ApiObject = ApiObject, S extends ApiObject = ApiObject> {
  declaration: ResourceDeclaration<T, S>;
  store: Store<S>;
  /** Names the backend in 503 answers ("sqlite", "etcd"). */
  storeName?: string;
  /** The admission chain writes pass through; none admits everything. */
  admission?: Admission;
  /** False when --enable-garbage-collector=false: deletes then ignore propagation policy, as Kubernetes' store does. */
  garbageCollection?: boolean;
  /** Set when this entry serves a subresource of the declaration (status, finalize). */
  subresource?: string;
  /** A create-only resource computed from the request and never stored (access reviews): POST answers what this returns. */
  virtualCreate?: (obj: T, ctx: { user: UserInfo; namespace: string; dryRun: boolean }) => Promise<T>;
  /** A read-only resource computed when asked and never stored (component statuses): get and list answer what these return. */
  virtualRead?: VirtualRead<S>;
  /** Scarce values the objects hold (a service's cluster IPs and node ports), reserved around writes. */
  allocation?: Allocation<T>;
  /** What serves each connect subresource the declaration names (pods' log, exec, proxy…). */
  connectors?: Readonly<Record<string, Connector>>;
}

/** A request to a connect subresource, passed on to wherever it is served (a node agent, a pod). */
export interface ConnectRequest {
  req: Request;
  res: Response;
  /** The verb, as authorization saw it (get, create, update, patch, delete). */
  verb: string;
  name: string;
  namespace: string;
  /** The path after <name>/<subresource>, with its leading slash ('' when none): proxy's target path. */
  path: string;
  query: URLSearchParams;
}

/** Serves a connect subresource; answers errors by throwing StatusErrors before responding. */
export type Connector = (request: ConnectRequest) => Promise<void>;

/**
 * Reservations a write takes before it is stored: `reserve` fills in and reserves what the object
 * needs (or refuses it with a StatusError) and answers with the transaction, which is committed
 * once the write is stored and undone when it is not (a lost race that is retried, a failed
 * write, dryRun). Deleting an object releases what it holds.
 */
export interface Allocation<T extends ApiObject> {
  reserve(obj: T, old: T | undefined, dryRun: boolean): Promise<AllocationTransaction>;
  release(obj: T): Promise<void>;
}

export interface AllocationTransaction {
  /** The write is stored: release what the old object held and the new one does not. */
  commit(): Promise<void>;
  /** The write is not stored: give back what `reserve` took. */
  undo(): Promise<void>;
}

/** The objects of a computed resource, in their served form and without a resourceVersion. */
export interface VirtualRead<S extends ApiObject> {
  get(name: string): Promise<S | undefined>;
  list(): Promise<S[]>;
}

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** Query parameters every write shares. */
export interface WriteOptions {
  dryRun: boolean;
  fieldManager?: string;
  fieldValidation: FieldValidation;
  /** The requesting user, for admission. */
  user?: UserInfo;
}

export interface WriteResult<T> {
  /** The object as written, for the response: it may share parts with stored objects, so only read it. */
  object: T;
  /** True when the write created the object (201). */
  created: boolean;
  warnings: string[];
}

export function groupResource(decl: ResourceDeclaration<any, any>): GroupResource {
  return { group: decl.group, resource: decl.plural };
}

export function groupKind(decl: ResourceDeclaration<any, any>): { group: string; kind: string } {
  return { group: decl.group, kind: decl.kind };
}

/** The served form of a stored object for reading and serializing only: it may share parts with `stored`. */
export function servedForReading<T extends ApiObject, S extends ApiObject>(decl: ResourceDeclaration<T, S>, stored: S): T {
  return withServedType(decl, decl.fromStoredForReading ? decl.fromStoredForReading(stored) : decl.fromStored(stored));
}

/** The served form of a stored object, with apiVersion and kind of this declaration. */
export function served<T extends ApiObject, S extends ApiObject>(decl: ResourceDeclaration<T, S>, stored: S): T {
  return withServedType(decl, decl.fromStored(stored));
}

function withServedType<T extends ApiObject>(decl: ResourceDeclaration<T, any>, obj: T): T {
  obj.apiVersion = apiVersionOf(decl);
  obj.kind = decl.kind;
  return obj;
}
