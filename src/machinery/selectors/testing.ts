// For the selector tests: the message of the 400 BadRequest a parser refuses a selector with.
import assert from 'node:assert/strict';
import { isStatusError } from '../status.ts';

/** Runs parse, which must throw a 400 BadRequest StatusError, and returns its message. */
export function badRequestMessage(selector: string, parse: (selector: string) => unknown): string {
  try {
    parse(selector);
  } catch (err) {
    assert.ok(isStatusError(err));
    assert.equal(err.code, 400);
    assert.equal(err.reason, 'BadRequest');
    return err.status.message!;
  }
  assert.fail(`expected ${JSON.stringify(selector)} to be refused`);
}
