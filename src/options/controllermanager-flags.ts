// orch-controller-manager's option table, composed by spec section; the shared rows come in
// through the serving section.
import type { FlagSpec } from './flag.ts';
import { controllerManagerGroupOrder } from './controllermanager/groups.ts';
import { controllerSelectionFlags } from './controllermanager/controller-selection.ts';
import { concurrencyFlags } from './controllermanager/concurrency.ts';
import { nodeCloudFlags } from './controllermanager/node-cloud.ts';
import { certSigningFlags } from './controllermanager/cert-signing.ts';
import { volumeFlags } from './controllermanager/volume.ts';
import { autoscalerFlags, endpointFlags, nodeLifecycleFlags } from './controllermanager/autoscaler-node-endpoints.ts';
import { periodsClientFlags } from './controllermanager/periods-client.ts';
import { leaderElectionFlags } from './controllermanager/leader-election.ts';
import { controllerManagerServingFlags } from './controllermanager/serving.ts';
import { controllerManagerAuthFlags } from './controllermanager/authentication.ts';

export const CONTROLLER_MANAGER_COMMAND = 'orch-controller-manager';

export const CONTROLLER_MANAGER_DESCRIPTION =
  'The orch controller manager is a daemon that embeds the core control loops shipped with orch. A control loop is a ' +
  'non-terminating loop that regulates the state of the system. A controller is a control loop that watches the shared ' +
  'state of the cluster through the apiserver and makes changes attempting to move the current state towards the desired ' +
  'state. Examples of controllers that ship with orch today are the replication controller, endpoints controller, ' +
  'namespace controller, and serviceaccounts controller.';

export const controllerManagerFlags: readonly FlagSpec[] = [
  ...controllerSelectionFlags,
  ...concurrencyFlags,
  ...nodeCloudFlags,
  ...certSigningFlags,
  ...volumeFlags,
  ...autoscalerFlags,
  ...nodeLifecycleFlags,
  ...endpointFlags,
  ...periodsClientFlags,
  ...leaderElectionFlags,
  ...controllerManagerServingFlags(CONTROLLER_MANAGER_COMMAND),
  ...controllerManagerAuthFlags,
];

export { controllerManagerGroupOrder };
