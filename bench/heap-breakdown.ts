// Where a heap snapshot's memory is: self sizes summed by node type and constructor, largest
// first. Take the snapshot of the running daemon (start it with NODE_OPTIONS=
// --heapsnapshot-signal=SIGUSR2 via `node bench/events.ts --serve`, load it, send SIGUSR2), then
// `node --max-old-space-size=4000 bench/heap-breakdown.ts <file.heapsnapshot> [rows]`. Self sizes,
// not retained sizes: the cache's strings show as strings, which is what this question needs.
import { readFileSync } from 'node:fs';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count per "type constructor" (strings and code lumped by type). */
export function heapBreakdown(snapshot: HeapSnapshot): { total: number; rows: Array<{ what: string; count: number; bytes: number }> } {
  const fields = snapshot.snapshot.meta.node_fields;
  const width = fields.length;
  const types = snapshot.snapshot.meta.node_types[0];
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const byWhat = new Map<string, { count: number; bytes: number }>();
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!]!;
    // A string's "name" is its content, a code object's its source position: lump them by type.
    const name = type.includes('string') || type === 'code' ? '' : snapshot.strings[snapshot.nodes[i + nameAt]!]!.slice(0, 60);
    const bytes = snapshot.nodes[i + sizeAt]!;
    const what = `${type} ${name}`.trim();
    const row = byWhat.get(what) ?? { count: 0, bytes: 0 };
    row.count++;
    row.bytes += bytes;
    byWhat.set(what, row);
    total += bytes;
  }
  const rows = [...byWhat].map(([what, r]) => ({ what, ...r })).sort((a, b) => b.bytes - a.bytes);
  return { total, rows };
}

if (import.meta.main) {
  const [file, rows = '30'] = process.argv.slice(2);
  if (!file) throw new Error('usage: heap-breakdown.ts <file.heapsnapshot> [rows]');
  const { total, rows: all } = heapBreakdown(JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot);
  const mib = (b: number) => (b / 2 ** 20).toFixed(1).padStart(8);
  console.log(`${mib(total)} MiB in all`);
  for (const r of all.slice(0, Number(rows))) console.log(`${mib(r.bytes)} MiB ${String(r.count).padStart(9)}  ${r.what}`);
}
