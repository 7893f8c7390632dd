// The index interval lists of Indexed jobs ("1,3-5,7"), parsed as Kubernetes' job validation
// parses them, with its error messages: each interval a number or a pair below completions, in
// increasing order.
function goAtoi(s: string): number | undefined {
  return /^[+-]?\d+$/.test(s) ? Number(s) : undefined;
}

/** One interval [x, y] of `text`, or an error message. */
export function parseIndexInterval(text: string, completions: number): [number, number] | string {
  const limits = text.split('-');
  if (limits.length > 2) return `the fragment ${JSON.stringify(text)} violates the requirement that an index interval can have at most two parts separated by '-'`;
  const x = goAtoi(limits[0]!);
  if (x === undefined) return `cannot convert string to integer for index: ${JSON.stringify(limits[0])}`;
  if (x >= completions) return `too large index: ${JSON.stringify(limits[0])}`;
  if (limits.length === 1) return [x, x];
  const y = goAtoi(limits[1]!);
  if (y === undefined) return `cannot convert string to integer for index: ${JSON.stringify(limits[1])}`;
  if (y >= completions) return `too large index: ${JSON.stringify(limits[1])}`;
  if (x >= y) return `non-increasing order, previous: ${x}, current: ${y}`;
  return [x, y];
}

/** How many indexes `text` names, or an error message (validateIndexesFormat). */
export function countIndexes(text: string, completions: number): number | string {
  if (!text) return 0;
  let last: number | undefined;
  let total = 0;
  for (const interval of text.split(',')) {
    const parsed = parseIndexInterval(interval, completions);
    if (typeof parsed === 'string') return parsed;
    const [x, y] = parsed;
    if (last !== undefined && last >= x) return `non-increasing order, previous: ${last}, current: ${x}`;
    total += y - x + 1;
    last = y;
  }
  return total;
}

/** The error when the failed and completed lists share an index, or undefined. */
export function failedOverlapsCompleted(completed: string, failed: string, completions: number): string | undefined {
  if (!completed || !failed) return undefined;
  const parse = (list: string) =>
    list
      .split(',')
      .map((i) => parseIndexInterval(i, completions))
      .filter((p): p is [number, number] => typeof p !== 'string');
  for (const [cx, cy] of parse(completed)) {
    for (const [fx, fy] of parse(failed)) {
      if (cx <= fy && fx <= cy) return `failedIndexes and completedIndexes overlap at index: ${Math.max(cx, fx)}`;
    }
  }
  return undefined;
}
