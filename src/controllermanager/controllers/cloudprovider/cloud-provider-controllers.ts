// The controllers that act only through a cloud provider: cloud-node-lifecycle, node-route and
// service-lb. Kubernetes 1.35's controller manager has no cloud provider functionality (KEP-2395)
// and skips them at start, saying why once; so does orch, whose --cloud-provider may only be
// empty or "external".
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerRun } from '../../controller.ts';

const log = klog('controllermanager/controllers');

/** Why each one does not run, as Kubernetes says it. */
export const CLOUD_PROVIDER_CONTROLLERS: Readonly<Record<string, string>> = {
  'cloud-node-lifecycle-controller': 'node-controller is set, but no cloud provider functionality is available in orch-controller-manager (KEP-2395). Will not configure node lifecycle controller.',
  'node-route-controller': 'configure-cloud-routes is set, but no cloud provider functionality is available in orch-controller-manager (KEP-2395). Will not configure cloud provider routes.',
  'service-lb-controller': 'service-controller is set, but no cloud provider functionality is available in orch-controller-manager (KEP-2395). Will not configure service controller.',
};

/** Says once, at -v=1, that the controller is skipped and why; then it is done. */
export function skippedCloudProviderController(name: string): ControllerRun {
  return async () => {
    log.info('Skipping a cloud provider controller', { controller: name, reason: CLOUD_PROVIDER_CONTROLLERS[name] ?? '' }, 1);
  };
}
