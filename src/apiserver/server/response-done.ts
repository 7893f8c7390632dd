// One 'close' listener per response runs the end-of-request work of every filter. Node emits
// 'close' on a response once it has finished or once its connection went away, so that one event
// covers both; a 'finish' and a 'close' listener per filter cost about a microsecond each on every
// request.
import { klog } from '../../component-base/logs/klog.ts';
import type { Response } from '../../component-base/serving/request-context.ts';

const log = klog('apiserver/server');
const HOOKS = Symbol('responseDoneHooks');

type HookedResponse = Response & { [HOOKS]?: Array<() => void> };

/** Runs `fn` once, when the response is done (finished or abandoned by the client). */
export function onResponseDone(res: Response, fn: () => void): void {
  const hooked = res as HookedResponse;
  let hooks = hooked[HOOKS];
  if (!hooks) {
    const list: Array<() => void> = [];
    hooks = list;
    hooked[HOOKS] = list;
    res.once('close', () => {
      for (const hook of list) {
        try {
          hook();
        } catch (err) {
          log.error('end-of-request hook failed', { err });
        }
      }
    });
  }
  hooks.push(fn);
}
