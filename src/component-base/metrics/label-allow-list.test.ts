import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constrainLabel, loadLabelAllowList } from './label-allow-list.ts';
import { validateShowHiddenVersion } from './registry.ts';

test('values outside the allow list become "unexpected"; the flag overrides the manifest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-metrics-'));
  try {
    const manifest = join(dir, 'allow.yaml');
    writeFileSync(manifest, '"m1,l1": "a,b"\n"m1,l2": "x"\n');
    const list = loadLabelAllowList({ 'm1,l2': "'y,z'" }, manifest);
    assert.equal(constrainLabel(list, 'm1', 'l1', 'a'), 'a');
    assert.equal(constrainLabel(list, 'm1', 'l1', 'c'), 'unexpected');
    assert.equal(constrainLabel(list, 'm1', 'l2', 'x'), 'unexpected');
    assert.equal(constrainLabel(list, 'm1', 'l2', 'z'), 'z');
    assert.equal(constrainLabel(list, 'm2', 'l1', 'anything'), 'anything');
    assert.throws(() => loadLabelAllowList({ nolabel: 'a' }, undefined), /<MetricName>,<LabelName>/);
    assert.throws(() => loadLabelAllowList(undefined, join(dir, 'missing.yaml')), /ENOENT/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--show-hidden-metrics-for-version accepts only the previous minor', () => {
  assert.doesNotThrow(() => validateShowHiddenVersion('1.34', 'v1.35.0'));
  assert.throws(() => validateShowHiddenVersion('1.35', 'v1.35.0'), /only the previous minor version 1.34/);
  assert.throws(() => validateShowHiddenVersion('1.33', 'v1.35.0'), /only the previous minor/);
  assert.throws(() => validateShowHiddenVersion('v1.34', 'v1.35.0'), /form <major>.<minor>/);
});
