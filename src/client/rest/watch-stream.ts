// A watch response as a stream of events: JSON lines or length-delimited protobuf frames, chosen
// by the response's Content-Type. ERROR events carry a Status; the consumer decides (410: relist).
import type { IncomingMessage } from 'node:http';
import { decodeProtobufWatchFrames } from '../../machinery/codecs/watch-frame.ts';
import { isProtobuf } from './codec.ts';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent<T = Record<string, any>> {
  type: WatchEventType;
  object: T;
}

export interface WatchStream<T = Record<string, any>> extends AsyncIterable<WatchEvent<T>> {
  /** Ends the stream; iteration finishes. */
  stop(): void;
}

export function decodeWatchStream<T>(res: IncomingMessage, abort: AbortController): WatchStream<T> {
  const protobuf = isProtobuf(res.headers['content-type']);
  const queue: WatchEvent<T>[] = [];
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let text = '';
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  res.on('data', (chunk: Buffer) => {
    try {
      if (protobuf) {
        const { events, rest } = decodeProtobufWatchFrames(Buffer.concat([pending, chunk]));
        pending = rest;
        for (const e of events) queue.push(e as unknown as WatchEvent<T>);
      } else {
        text += chunk.toString('utf8');
        let nl: number;
        while ((nl = text.indexOf('\n')) >= 0) {
          const line = text.slice(0, nl).trim();
          text = text.slice(nl + 1);
          if (line) queue.push(JSON.parse(line) as WatchEvent<T>);
        }
      }
    } catch (err) {
      failure = new Error(`unable to decode a watch event: ${(err as Error).message}`);
      abort.abort();
    }
    notify();
  });
  const finish = () => {
    ended = true;
    notify();
  };
  res.on('end', finish);
  res.on('close', finish);
  res.on('error', (err) => {
    if (!abort.signal.aborted) failure = err;
    finish();
  });
  return {
    stop() {
      abort.abort();
      res.destroy();
      finish();
    },
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          if (queue.length > 0) {
            yield queue.shift()!;
            continue;
          }
          if (failure) throw failure;
          if (ended) return;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        if (!ended) {
          abort.abort();
          res.destroy();
        }
      }
    },
  };
}
