// API Priority and Fairness over its stores: the FlowSchema and PriorityLevelConfiguration
// resources, in-memory views of them that keep the dispatcher's configuration and the schemas'
// Dangling conditions current, the bootstrap post-start hook and the debug dumps.
import type { FlowSchema, PriorityLevelConfiguration } from '../../api/flowcontrol/v1/types.ts';
import type { ApiObject, Store } from '../../storage/interface.ts';
import type { GroupResourceName } from '../../storage/keys.ts';
import type { Admission } from '../admission/types.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import { collectionPrefix, objectKey } from '../registry/generic/keys.ts';
import { flowSchemasDeclaration, priorityLevelConfigurationsDeclaration } from '../registry/flowcontrol/declarations.ts';
import { flowControlBootstrapHook } from '../registry/flowcontrol/bootstrap/hook.ts';
import { watchStoreView, type StoreView } from '../registry/admissionregistration/store-view.ts';
import type { NonResourcePath, PostStartHook } from '../server/config.ts';
import { writeText } from '../../component-base/serving/responses.ts';
import { FlowController } from './controller.ts';
import { danglingStatusWriter } from './dangling-status.ts';
import { dumpPriorityLevels, dumpQueues } from './dump.ts';

export interface FlowControlOptions {
  storeFor: (gr: GroupResourceName) => Store<ApiObject>;
  storeName?: string;
  admission?: Admission;
  /** --enable-priority-and-fairness: without it the objects are served but not bootstrapped. */
  enabled: boolean;
  /** --max-requests-inflight plus --max-mutating-requests-inflight (the handler chain sets it too). */
  serverConcurrencyLimit?: number;
  /** Time between reconciliations of the bootstrap configuration; 60 s by default. */
  bootstrapIntervalMs?: number;
}

export interface FlowControl {
  resources: InstalledResource<any, any>[];
  controller: FlowController;
  postStartHooks: PostStartHook[];
  /** The debug dumps, served behind authentication and authorization. */
  nonResourcePaths: NonResourcePath[];
  flowSchemas: StoreView<FlowSchema>;
  priorityLevels: StoreView<PriorityLevelConfiguration>;
  /** Stops watching the stores (before storage closes). */
  stop(): void;
}

export const DEBUG_PREFIX = '/debug/api_priority_and_fairness';

export function buildFlowControl(opts: FlowControlOptions): FlowControl {
  const fsDecl = flowSchemasDeclaration();
  const plDecl = priorityLevelConfigurationsDeclaration();
  const fsStore = opts.storeFor(fsDecl.storageResource) as unknown as Store<FlowSchema>;
  const plStore = opts.storeFor(plDecl.storageResource) as unknown as Store<PriorityLevelConfiguration>;
  const flowSchemas: InstalledResource<FlowSchema, FlowSchema> = { declaration: fsDecl, store: fsStore, storeName: opts.storeName, admission: opts.admission };
  const priorityLevels: InstalledResource<PriorityLevelConfiguration, PriorityLevelConfiguration> = { declaration: plDecl, store: plStore, storeName: opts.storeName, admission: opts.admission };

  const controller = new FlowController(opts.serverConcurrencyLimit ?? 600);
  const fsView = watchStoreView<FlowSchema>(fsStore, collectionPrefix(fsDecl, ''), fsDecl.kind);
  const plView = watchStoreView<PriorityLevelConfiguration>(plStore, collectionPrefix(plDecl, ''), plDecl.kind);
  const status = danglingStatusWriter(fsStore, (name) => objectKey(fsDecl, '', name));
  let synced = false;
  const refresh = () => {
    controller.update(fsView.list(), plView.list());
    if (synced) status.sync(fsView.list(), (name) => plView.get(name) !== undefined);
  };
  fsView.onChange(refresh);
  plView.onChange(refresh);
  void Promise.all([fsView.synced, plView.synced]).then(() => {
    synced = true;
    refresh();
  });

  const dump = (path: string, render: () => string): NonResourcePath => ({
    path: `${DEBUG_PREFIX}/${path}`,
    handler: (_req, res) => writeText(res, 200, render(), 'text/plain; charset=utf-8'),
  });
  return {
    resources: [flowSchemas, priorityLevels],
    controller,
    // The server's own bootstrap writes skip admission, as its other bootstrap hooks do.
    postStartHooks: opts.enabled
      ? [flowControlBootstrapHook({ flowSchemas: { ...flowSchemas, admission: undefined }, priorityLevels: { ...priorityLevels, admission: undefined } }, { intervalMs: opts.bootstrapIntervalMs })]
      : [],
    nonResourcePaths: [dump('dump_priority_levels', () => dumpPriorityLevels(controller)), dump('dump_queues', () => dumpQueues(controller))],
    flowSchemas: fsView,
    priorityLevels: plView,
    stop() {
      fsView.stop();
      plView.stop();
    },
  };
}
