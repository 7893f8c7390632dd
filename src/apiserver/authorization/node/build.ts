// The Node authorization mode over the server's own resources: the graph is built and kept
// current (list, then watch) only once --authorization-mode asks for Node, and stops with the server.
import type { Authorizer } from '../../../machinery/authorization/types.ts';
import type { InstalledResource } from '../../registry/generic/context.ts';
import { nodeAuthorizer } from './authorizer.ts';
import { NodeGraph } from './graph.ts';
import { graphSources, syncNodeGraph, type GraphSync } from './graph-sync.ts';

export interface NodeAuthorization {
  /** Builds the authorizer, starting the graph's watches the first time. */
  mode(): Authorizer;
  graph: NodeGraph;
  /** Stops the watches (before storage closes). */
  stop(): void;
}

export function nodeAuthorization(resources: () => readonly InstalledResource<any, any>[]): NodeAuthorization {
  const graph = new NodeGraph();
  let sync: GraphSync | undefined;
  return {
    graph,
    mode() {
      sync ??= syncNodeGraph(graphSources(graph, resources()));
      const started = sync;
      return nodeAuthorizer({ graph, synced: started.synced, isSynced: () => started.isSynced });
    },
    stop: () => sync?.stop(),
  };
}
