// Sets of completion indexes kept as ordered, non-adjacent intervals, and their text form
// ("1,3-5,7", a pair of neighbours written "3,4"), as an Indexed job's completedIndexes and
// failedIndexes hold them. Parsing is lenient, as the controller's: a malformed interval is skipped
// and indexes at or beyond completions are dropped.

export interface Interval {
  first: number;
  last: number;
}

export type Intervals = readonly Interval[];

/** The union of two ordered interval lists, neighbours joined. */
export function mergeIntervals(a: Intervals, b: Intervals): Interval[] {
  const result: Interval[] = [];
  const push = (iv: Interval) => {
    const last = result[result.length - 1];
    if (!last || iv.first > last.last + 1) result.push({ ...iv });
    else if (last.last < iv.last) last.last = iv.last;
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) push(a[i]!.first < b[j]!.first ? a[i++]! : b[j++]!);
  while (i < a.length) push(a[i++]!);
  while (j < b.length) push(b[j++]!);
  return result;
}

/** The intervals with the given indexes (in increasing order) added. */
export function withIndexes(intervals: Intervals, indexes: readonly number[]): Interval[] {
  return mergeIntervals(intervals, indexes.map((ix) => ({ first: ix, last: ix })));
}

export function totalIndexes(intervals: Intervals | undefined): number {
  return (intervals ?? []).reduce((n, iv) => n + iv.last - iv.first + 1, 0);
}

export function hasIndex(intervals: Intervals | undefined, ix: number): boolean {
  return (intervals ?? []).some((iv) => iv.first <= ix && ix <= iv.last);
}

export function formatIntervals(intervals: Intervals): string {
  return intervals
    .map((iv) => (iv.last === iv.first ? `${iv.first}` : `${iv.first}${iv.last === iv.first + 1 ? ',' : '-'}${iv.last}`))
    .join(',');
}

function atoi(s: string | undefined): number | undefined {
  return s !== undefined && /^[+-]?\d+$/.test(s) ? Number(s) : undefined;
}

/** parseIndexesFromString: malformed intervals skipped, the list cut at completions. */
export function parseIntervals(text: string | undefined, completions: number): Interval[] {
  if (!text) return [];
  const result: Interval[] = [];
  for (const part of text.split(',')) {
    const limits = part.split('-');
    const first = atoi(limits[0]);
    if (first === undefined) continue;
    if (first >= completions) break;
    let last = first;
    if (limits.length > 1) {
      const parsed = atoi(limits[1]);
      if (parsed === undefined) continue;
      last = Math.min(parsed, completions - 1);
    }
    const prev = result[result.length - 1];
    if (prev && prev.last === first - 1) prev.last = last;
    else result.push({ first, last });
  }
  return result;
}

/** The sorted, distinct values of a set of indexes. */
export function sortedIndexes(indexes: Iterable<number>): number[] {
  return [...new Set(indexes)].sort((a, b) => a - b);
}
