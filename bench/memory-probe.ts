// Where the daemon's memory is after N pods or events: starts bin/orch-apiserver as the benchmarks
// do, creates N objects, and prints its RSS beside V8's heap spaces and external memory from
// /metrics. A diagnostic, not a benchmark: `node bench/memory-probe.ts pods 20000`.
import { Agent } from 'node:https';
import { createMany, send, startApiserverWith, rssMiB } from './api-load.ts';
import { podBody } from './pods.ts';
import { eventObject } from './support.ts';

const kind = process.argv[2] === 'events' ? 'events' : 'pods';
const count = Number(process.argv[3] ?? 20_000);
const NS = 'probe';
const { child, target, stop } = await startApiserverWith([NS]);
const agent = new Agent({ keepAlive: true, ca: target.ca });
const MiB = 2 ** 20;
try {
  for (const name of ['default', 'web']) await send(target, agent, 'POST', `/api/v1/namespaces/${NS}/serviceaccounts`, JSON.stringify({ metadata: { name } }));
  const path = kind === 'pods' ? `/api/v1/namespaces/${NS}/pods` : `/apis/events.orch.io/v1/namespaces/${NS}/events`;
  const body = kind === 'pods' ? podBody(NS) : JSON.stringify({ ...eventObject(NS, 'x'), metadata: { generateName: 'probe-', namespace: NS } });
  const before = rssMiB(child.pid!);
  await createMany(target, path, body, count);
  await new Promise((r) => setTimeout(r, Number(process.env.PROBE_WAIT_MS ?? 2000)));
  const metrics = (await send(target, agent, 'GET', '/metrics')).body;
  const pick = (re: RegExp) => metrics.split('\n').filter((l) => re.test(l) && !l.startsWith('#'));
  console.log(`${kind}: ${count} created; RSS ${before} -> ${rssMiB(child.pid!)} MiB`);
  for (const line of [...pick(/^nodejs_heap_space_size_(used|total)_bytes/), ...pick(/^nodejs_(heap_size_used|heap_size_total|external_memory)_bytes/), ...pick(/^process_resident_memory_bytes/)]) {
    const [name, value] = line.split(' ');
    console.log(`${name!.padEnd(70)} ${(Number(value) / MiB).toFixed(1)} MiB`);
  }
  // The process's resident memory by mapping, read once: V8's heap pages and malloc arenas are anonymous.
  const { readFileSync } = await import('node:fs');
  const mappings: Array<{ range: string; name: string; sizeKiB: number; rssKiB: number }> = [];
  for (const line of readFileSync(`/proc/${child.pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+-[0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) mappings.push({ range: head[1]!, name: head[2] ? head[2].replace(/.*\//, '') : '[anonymous]', sizeKiB: 0, rssKiB: 0 });
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size) mappings.at(-1)!.sizeKiB = Number(size[1]);
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) mappings.at(-1)!.rssKiB = Number(rss[1]);
  }
  const byName = new Map<string, number>();
  for (const m of mappings) byName.set(m.name, (byName.get(m.name) ?? 0) + m.rssKiB / 1024);
  for (const [what, mib] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`rss of ${what.padEnd(62)} ${mib.toFixed(1)} MiB`);
  if (process.env.PROBE_REGIONS) {
    // Anonymous regions by size: V8 reserves its heap in 256 KiB pages, glibc its thread arenas at 64 MiB boundaries.
    const anonymous = mappings.filter((m) => m.name === '[anonymous]');
    for (const floor of [0, 256, 4096, 65536]) {
      const ceiling = floor === 65536 ? Infinity : floor === 0 ? 256 : floor * 16;
      const inClass = anonymous.filter((m) => m.sizeKiB >= floor && m.sizeKiB < ceiling);
      console.log(`anonymous regions of >= ${floor} KiB: ${inClass.length}, rss ${(inClass.reduce((n, m) => n + m.rssKiB, 0) / 1024).toFixed(1)} MiB`);
    }
    for (const m of anonymous) if (m.sizeKiB >= 4096 && m.rssKiB >= 1024) console.log(`  region ${m.range}: size ${(m.sizeKiB / 1024).toFixed(1)} MiB, rss ${(m.rssKiB / 1024).toFixed(1)} MiB`);
  }
  if (process.argv.includes('--snapshot')) {
    // Needs NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2 (the daemon writes the file into its cwd).
    child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 60_000));
  }
} finally {
  agent.destroy();
  await stop();
}
