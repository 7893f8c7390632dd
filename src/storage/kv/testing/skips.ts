// How a conformance suite's caller skips cases: by title with a reason each, or every case with
// one reason (a backend that cannot run here). A skip must name a case of the suite, so a case
// that is renamed or removed cannot silently lose its skip or leave a stale one behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** Reasons by case title, or one reason for every case. */
export type Skips = Partial<Record<string, string>> | string;

/** Why a case is skipped, or false when it runs. */
export function skipReason(skips: Skips, title: string): string | false {
  return typeof skips === 'string' ? skips : (skips[title] ?? false);
}

/** The skips that name no case of the suite. */
export function unknownSkips(skips: Skips, titles: readonly string[]): string[] {
  const known = new Set(titles);
  return typeof skips === 'string' ? [] : Object.keys(skips).filter((title) => !known.has(title));
}

/** Registers a case that fails when a skip names no case of the suite, naming each such skip. */
export function checkSkipsNameCases(skips: Skips, titles: readonly string[]): void {
  const unknown = unknownSkips(skips, titles);
  test('every skip names a case of the suite', () => {
    assert.deepEqual(unknown, [], 'skips that name no case (renamed or removed?)');
  });
}
