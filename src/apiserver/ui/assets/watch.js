// A collection kept in step with the server: WatchList (the initial state sent as watch events,
// then a bookmark marking its end) where the server offers it, else list then watch. A watch the
// server ends is resumed from the last resourceVersion seen; 410 Expired starts over. Events are
// handed on in batches, one per chunk of the stream, so the caller can render at its own pace.
import { ApiError, authHeaders, request } from './api.js';

const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';
// Lines parsed in one go before yielding to the page.
const SLICE = 1000;

class Expired extends Error {}

/**
 * Watches path (a collection, e.g. /api/v1/pods) with extra query parameters until signal aborts.
 * handlers: onReset() before a fresh start, onEvents(batch of {type, object}), onSynced() once the
 * initial state is in, onError(ApiError) when the user may not watch (the watch then stops),
 * onState('live' | 'reconnecting').
 */
export function watchCollection(path, params, handlers, signal) {
  const { onReset = () => {}, onEvents, onSynced = () => {}, onError = () => {}, onState = () => {} } = handlers;
  const base = new URLSearchParams(params);
  const url = (extra) => {
    const q = new URLSearchParams(base);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `${path}?${q}`;
  };
  let resourceVersion = '';
  let watchList = true;
  let synced = false;

  // Reads one watch response to its end; returns when the server closes it.
  const consume = async (res) => {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    onState('live');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop();
      let batch = [];
      for (let i = 0; i < lines.length; i++) {
        // A large chunk is taken a slice at a time, giving the page a turn in between.
        if (i > 0 && i % SLICE === 0) {
          if (batch.length) onEvents(batch);
          batch = [];
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        const line = lines[i];
        if (!line.trim()) continue;
        const event = JSON.parse(line);
        if (event.type === 'ERROR') {
          if (event.object?.code === 410) throw new Expired();
          throw new ApiError(event.object?.code || 500, event.object);
        }
        const rv = event.object?.metadata?.resourceVersion;
        if (rv) resourceVersion = rv;
        if (event.type === 'BOOKMARK') {
          if (!synced && event.object?.metadata?.annotations?.[INITIAL_EVENTS_END] === 'true') {
            if (batch.length) onEvents(batch.splice(0));
            synced = true;
            onSynced();
          }
          continue;
        }
        batch.push(event);
      }
      if (batch.length) onEvents(batch);
    }
  };

  const open = async (target) => {
    const res = await fetch(target, { headers: authHeaders({ Accept: 'application/json' }), signal, cache: 'no-store' });
    if (!res.ok) {
      let body;
      try { body = await res.json(); } catch { body = undefined; }
      throw new ApiError(res.status, body);
    }
    return res;
  };

  const startFresh = async () => {
    onReset();
    synced = false;
    if (watchList) {
      try {
        const res = await open(url({ watch: '1', sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: 'true' }));
        return consume(res);
      } catch (err) {
        // A server without WatchList refuses the parameters; anything else is a real failure.
        if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 422)) throw err;
        watchList = false;
      }
    }
    const list = await request(url({}), { signal });
    onEvents((list.items ?? []).map((object) => ({ type: 'ADDED', object })));
    resourceVersion = list.metadata?.resourceVersion ?? '';
    synced = true;
    onSynced();
    return consume(await open(url({ watch: '1', resourceVersion, allowWatchBookmarks: 'true' })));
  };

  const run = async () => {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const opened = Date.now();
        if (!resourceVersion || !synced) await startFresh();
        else await consume(await open(url({ watch: '1', resourceVersion, allowWatchBookmarks: 'true' })));
        failures = 0;
        // A watch the server ends at once is not reopened in a tight loop.
        if (Date.now() - opened < 1000) await new Promise((resolve) => setTimeout(resolve, 1000));
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof Expired) {
          resourceVersion = '';
          continue;
        }
        if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) {
          onError(err);
          return;
        }
        onState('reconnecting');
        failures++;
        await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 250 * 2 ** failures)));
      }
    }
  };
  void run();
}
