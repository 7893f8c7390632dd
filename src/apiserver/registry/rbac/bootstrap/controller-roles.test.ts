// The controller roles against the controller table: a rule keyed by an account no controller
// runs as would be granted to nobody, and the controller it was meant for would run without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accountsWithSpecificRules, CONTROLLER_ACCOUNTS, controllerRules } from './controller-roles.ts';

test("every account given controller-specific rules is a controller's service account", () => {
  const known = new Set(CONTROLLER_ACCOUNTS);
  const unknown = accountsWithSpecificRules().filter((account) => !known.has(account));
  assert.deepEqual(unknown, [], 'accounts in SPECIFIC that no controller in known-controllers.ts runs as');
});

test('each controller account has its own rules and may record events', () => {
  for (const account of accountsWithSpecificRules()) {
    const rules = controllerRules(account);
    assert.ok(rules.length > 1, `${account} has rules beyond events`);
    assert.ok(rules.some((rule) => rule.resources?.includes('events')), `${account} may record events`);
  }
});
