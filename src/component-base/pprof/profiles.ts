// CPU profiles and heap snapshots of this process through the V8 inspector, standing in for Go's
// pprof profiles. One CPU profile at a time, as Go allows.
// The inspector is taken when a profile is asked for: loading it costs each start ~2 ms.
const inspector = () => process.getBuiltinModule('node:inspector/promises');

let cpuProfiling = false;

export class ProfileBusyError extends Error {}

/** A V8 CPU profile (.cpuprofile JSON) over `seconds`, ended early if `signal` aborts. */
export async function cpuProfile(seconds: number, signal?: AbortSignal): Promise<string> {
  if (cpuProfiling) throw new ProfileBusyError('Could not enable CPU profiling: cpu profiling already in use');
  cpuProfiling = true;
  const session = new (inspector().Session)();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, seconds * 1000);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    });
    const { profile } = await session.post('Profiler.stop');
    return JSON.stringify(profile);
  } finally {
    session.disconnect();
    cpuProfiling = false;
  }
}

/** A V8 heap snapshot (.heapsnapshot JSON). */
export async function heapSnapshot(): Promise<Buffer> {
  const session = new (inspector().Session)();
  session.connect();
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', (m) => chunks.push(m.params.chunk));
  try {
    await session.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return Buffer.from(chunks.join(''));
  } finally {
    session.disconnect();
  }
}
