// The resources the REST handler serves: the built-in ones, fixed at start, and sets that come and
// go while the server runs (the versions of a CustomResourceDefinition, each set under its own
// owner key). Routing, discovery and OpenAPI read this one registry, so a set added here is
// routed, discovered and published at once; `generation` tells the derived documents to rebuild.
import type { InstalledResource } from '../registry/generic/context.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';
import type { OpenApiSchemas } from './openapi/handler.ts';

type Decl = ResourceDeclaration<any, any>;

interface DynamicSet {
  resources: readonly InstalledResource<any, any>[];
  schemas: OpenApiSchemas;
}

export function resourcePathKey(decl: { group: string; version: string; plural: string }): string {
  return `${decl.group ? 'apis' : 'api'}/${decl.group}/${decl.version}/${decl.plural}`;
}

export class ServedResources {
  readonly #builtIn: readonly InstalledResource<any, any>[];
  /** Built on first use: the built-in kinds' definitions take a tenth of a second to make. */
  #builtInSchemas: OpenApiSchemas | (() => OpenApiSchemas);
  readonly #dynamic = new Map<string, DynamicSet>();
  readonly #listeners = new Set<() => void>();
  #generation = 0;
  #all: readonly InstalledResource<any, any>[] | undefined;
  #decls: readonly Decl[] | undefined;
  #byPath: Map<string, InstalledResource<any, any>> | undefined;
  #schemas: OpenApiSchemas | undefined;

  constructor(builtIn: readonly InstalledResource<any, any>[], schemas: OpenApiSchemas | (() => OpenApiSchemas) = { v2Definitions: {}, v3Schemas: {} }) {
    this.#builtIn = builtIn;
    this.#builtInSchemas = schemas;
  }

  /** Bumped on every change; documents derived from the registry rebuild when it moves. */
  get generation(): number {
    return this.#generation;
  }

  /** Every served resource and subresource entry, built-in first. */
  all(): readonly InstalledResource<any, any>[] {
    return (this.#all ??= [...this.#builtIn, ...[...this.#dynamic.values()].flatMap((s) => s.resources)]);
  }

  declarations(): readonly Decl[] {
    return (this.#decls ??= this.all().map((r) => r.declaration));
  }

  /** The resource (not subresource) served at api|apis/<group>/<version>/<plural>. */
  find(path: string): InstalledResource<any, any> | undefined {
    if (!this.#byPath) {
      const byPath = new Map<string, InstalledResource<any, any>>();
      for (const r of this.all()) if (!r.subresource) byPath.set(resourcePathKey(r.declaration), r);
      this.#byPath = byPath;
    }
    return this.#byPath.get(path);
  }

  /** The OpenAPI definitions of the built-in kinds and of every dynamic set's kinds. */
  openApiSchemas(): OpenApiSchemas {
    if (!this.#schemas) {
      if (typeof this.#builtInSchemas === 'function') this.#builtInSchemas = this.#builtInSchemas();
      const v2Definitions = { ...this.#builtInSchemas.v2Definitions };
      const v3Schemas = { ...this.#builtInSchemas.v3Schemas };
      for (const s of this.#dynamic.values()) {
        Object.assign(v2Definitions, s.schemas.v2Definitions);
        Object.assign(v3Schemas, s.schemas.v3Schemas);
      }
      this.#schemas = { v2Definitions, v3Schemas };
    }
    return this.#schemas;
  }

  /** Serves `resources` (replacing what `owner` served before) with the definitions of their kinds. */
  set(owner: string, resources: readonly InstalledResource<any, any>[], schemas: OpenApiSchemas = { v2Definitions: {}, v3Schemas: {} }): void {
    this.#dynamic.set(owner, { resources, schemas });
    this.#changed();
  }

  /** Stops serving what `owner` served; false when it served nothing. */
  delete(owner: string): boolean {
    if (!this.#dynamic.delete(owner)) return false;
    this.#changed();
    return true;
  }

  /** Calls `listener` after every change; the returned function unsubscribes. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    this.#generation++;
    this.#all = this.#decls = this.#byPath = this.#schemas = undefined;
    for (const listener of this.#listeners) listener();
  }
}
