// The seam every controller plugs into, and all a controller imports from the controller manager:
// the context it runs with, the shape of its run function, how the manager builds it from the
// options, and its descriptor. It imports nothing from app/, so the app imports controllers and
// never the reverse.
import type { ControllerManagerOptions } from '../options/controllermanager-options.ts';
import type { RestClient } from '../client/rest/client.ts';
import type { InformerFactory } from '../client/cache/informer-factory.ts';

// The descriptors are data below the options layer, which checks --controllers against them.
export type { ApiResourceRef, ControllerDescriptor } from '../options/controllermanager/known-controllers.ts';

/** What every controller shares: the API client and the shared informers. */
export interface SharedControllerContext {
  client?: RestClient;
  informers?: InformerFactory;
}

/** What a running controller gets. */
export interface ControllerContext extends SharedControllerContext {
  signal: AbortSignal;
  /** True when the server serves every resource the controller needs. */
  apiAvailable(): Promise<boolean>;
}

/** A controller implementation: runs until its signal aborts. */
export type ControllerRun = (ctx: ControllerContext) => Promise<void>;

/** Builds a controller's implementation from the typed options (it reads its own group). */
export type ControllerConstructor = (options: ControllerManagerOptions) => ControllerRun;
