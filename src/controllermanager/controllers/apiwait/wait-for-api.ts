// Waiting for a controller's API: a controller whose resources the server does not serve yet (an
// API group turned off, or one this server does not have) says so once, as a seam does, and
// checks again now and then; once served, it runs. The manager starts informers once at start-up,
// so a controller that waited starts its own informers after creating them.
import { sleep, realClock, type Clock } from '../../../client/clock/clock.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { controllerDescriptors } from '../../../options/controllermanager/known-controllers.ts';
import type { ControllerContext } from '../../controller.ts';

const log = klog('controllermanager/controllers');

/** How often a waiting controller asks discovery again. */
export const API_RECHECK_MS = 30_000;

/** What the controller needs, as the seam prints it: `resource.group/version, ...`. */
function needsOf(controller: string): string {
  const d = controllerDescriptors.find((c) => c.name === controller);
  return (d?.requires ?? []).map((r) => `${r.resource}${r.group ? `.${r.group}` : ''}/${r.version}`).join(', ');
}

/**
 * Resolves true once the server serves what the controller needs (at once when it does), false
 * when the controller is stopped first. Returns whether it had to wait, so the caller knows its
 * informers were created after the manager started the others.
 */
export async function waitForApi(ctx: ControllerContext, controller: string, clock: Clock = realClock, recheckMs = API_RECHECK_MS): Promise<{ served: boolean; waited: boolean }> {
  let waited = false;
  while (!ctx.signal.aborted) {
    if (await ctx.apiAvailable().catch(() => false)) return { served: true, waited };
    if (!waited) log.info('Controller is waiting for its API: the server does not serve it yet', { controller, needs: needsOf(controller) });
    waited = true;
    await sleep(clock, recheckMs, ctx.signal).catch(() => undefined);
  }
  return { served: false, waited };
}
