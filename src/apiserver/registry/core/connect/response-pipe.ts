// Copies a backend's body to the client's response as it arrives, pausing the backend while the
// client's side is full, until either side ends: the client going away (or the request's signal:
// shutdown) stops the backend, and a backend that ends (or fails mid-body) ends the response.
import type { Readable } from 'node:stream';
import type { Response } from '../../../../component-base/serving/request-context.ts';

export function pipeToResponse(source: Readable, res: Response, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      res.off('close', onClientGone);
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      if (!res.write(chunk)) {
        source.pause();
        res.once('drain', () => source.resume());
      }
    };
    const onEnd = () => {
      if (!res.writableEnded) res.end();
      settle();
    };
    const onClientGone = () => {
      source.destroy();
      settle();
    };
    const onAbort = () => {
      source.destroy();
      onEnd();
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onEnd);
    // A backend connection that closes mid-body ends the response as well.
    source.once('close', onEnd);
    res.once('close', onClientGone);
  });
}
