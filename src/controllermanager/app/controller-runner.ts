// Starts the enabled controllers, staggered by --controller-start-interval (jittered up to twice
// it, as Kubernetes does), and stops them when leadership or the process ends, waiting up to
// --controller-shutdown-timeout. An enabled controller without an implementation is a seam that
// waits, logging once whether its API is missing or its implementation is.
import { klog } from '../../component-base/logs/klog.ts';
import { sleep, type Clock, type TimerHandle } from '../../client/clock/clock.ts';
import type { ControllerContext, ControllerDescriptor, ControllerRun, SharedControllerContext } from '../controller.ts';

const log = klog('controllermanager/controllers');

export interface RunControllersOptions {
  controllers: readonly ControllerDescriptor[];
  /** Implementations by controller name; names without one are seams. */
  implementations: Readonly<Record<string, ControllerRun>>;
  servesResources(controller: ControllerDescriptor, signal: AbortSignal): Promise<boolean>;
  startIntervalMs: number;
  shutdownTimeoutMs: number;
  clock: Clock;
  random?: () => number;
  shared?: SharedControllerContext;
}

/** Runs the controllers until the signal aborts; resolves when they stopped or the shutdown timeout passed. */
export async function runControllers(signal: AbortSignal, opts: RunControllersOptions): Promise<void> {
  const running: Promise<void>[] = [];
  const random = opts.random ?? Math.random;
  for (const controller of opts.controllers) {
    if (signal.aborted) break;
    const ctx: ControllerContext = { ...opts.shared, signal, apiAvailable: () => opts.servesResources(controller, signal) };
    const implementation = opts.implementations[controller.name] ?? seam(controller);
    log.info('Starting controller', { controller: controller.name }, 1);
    running.push(implementation(ctx).catch((err) => log.error('Controller failed', { controller: controller.name, err })));
    if (opts.startIntervalMs > 0) {
      await sleep(opts.clock, opts.startIntervalMs * (1 + random()), signal).catch(() => undefined);
    }
  }
  // Informers the controllers asked for start together, once every controller has registered.
  if (!signal.aborted) opts.shared?.informers?.start(signal);
  log.info('Started controllers', { count: running.length });
  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
  // The timer is cancelled once the controllers are done, so it cannot hold the process open.
  let timer: TimerHandle | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = opts.clock.setTimer(() => resolve('timeout'), opts.shutdownTimeoutMs)));
  const outcome = await Promise.race([Promise.all(running).then(() => 'done' as const), timeout]);
  timer?.cancel();
  if (outcome === 'timeout') {
    log.warning('Controllers did not stop within --controller-shutdown-timeout', { timeout: `${opts.shutdownTimeoutMs}ms` });
  } else {
    log.info('Controllers stopped', { count: running.length }, 1);
  }
}

/** A controller not written yet: says once why it does nothing, then waits for the end. */
function seam(controller: ControllerDescriptor): ControllerRun {
  return async (ctx) => {
    const served = await ctx.apiAvailable().catch(() => false);
    const needs = controller.requires.map((r) => `${r.resource}${r.group ? `.${r.group}` : ''}/${r.version}`).join(', ');
    if (!served) log.info('Controller is waiting for its API: the server does not serve it yet', { controller: controller.name, needs });
    else log.info('Controller is not implemented yet', { controller: controller.name });
    await new Promise<void>((resolve) => (ctx.signal.aborted ? resolve() : ctx.signal.addEventListener('abort', () => resolve(), { once: true })));
  };
}
