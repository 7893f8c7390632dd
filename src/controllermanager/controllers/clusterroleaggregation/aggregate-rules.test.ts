import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClusterRole } from '../../../api/rbac/v1/types.ts';
import { aggregatedRules, sameRules } from './aggregate-rules.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';

const role = (name: string, labels: Record<string, string>, verbs: string[], extra: Partial<ClusterRole> = {}): ClusterRole => ({
  metadata: { name, labels }, rules: verbs.map((v) => ({ verbs: [v], apiGroups: [''], resources: ['pods'] })), ...extra,
});

test('the union of selected roles\' rules, by selector then by name, each rule once, the role itself excluded', () => {
  const agg = role('agg', { a: 'x' }, [], { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'x' } }, { matchExpressions: [{ key: 'b', operator: 'Exists' }] }] } });
  const all = [agg, role('z', { a: 'x' }, ['get', 'list']), role('m', { a: 'x' }, ['list', 'watch']), role('b1', { b: '' }, ['delete', 'get']), role('none', {}, ['create'])];
  assert.deepEqual(aggregatedRules(agg, all).map((r) => r.verbs[0]), ['list', 'watch', 'get', 'delete']);
  assert.equal(sameRules(undefined, []), true);
  assert.equal(sameRules(all[1]!.rules, all[1]!.rules!.slice()), true);
  assert.equal(sameRules(all[1]!.rules, all[2]!.rules!), false);
});

test('label selectors: In, NotIn, Exists, DoesNotExist, the empty selector, and an unknown operator', () => {
  assert.equal(labelSelectorMatches({}, undefined), true);
  assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'k', operator: 'In', values: ['a', 'b'] }] }, { k: 'b' }), true);
  assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'k', operator: 'In', values: ['a'] }] }, {}), false);
  assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'k', operator: 'NotIn', values: ['a'] }] }, {}), true);
  assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'k', operator: 'NotIn', values: ['a'] }] }, { k: 'a' }), false);
  assert.equal(labelSelectorMatches({ matchExpressions: [{ key: 'k', operator: 'DoesNotExist' }] }, { k: '' }), false);
  assert.equal(labelSelectorMatches({ matchLabels: { k: 'v' }, matchExpressions: [{ key: 'j', operator: 'Exists' }] }, { k: 'v' }), false);
  assert.throws(() => labelSelectorMatches({ matchExpressions: [{ key: 'k', operator: 'Gt', values: ['1'] }] }, {}), /not a valid label selector operator/);
});
