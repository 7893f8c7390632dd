import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiserverFlags } from '../../options/apiserver-flags.ts';
import { parseFlags } from '../../options/parse.ts';
import { formatVersionFlag, versionInfo } from './version.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const values = (...argv: string[]) => parseFlags(apiserverFlags, argv).values;

test('/version reports the binary, emulation and compatibility versions', () => {
  const info = versionInfo(apiserverOptions(values()).version);
  assert.deepEqual(Object.keys(info), [
    'major', 'minor', 'emulationMajor', 'emulationMinor', 'minCompatibilityMajor', 'minCompatibilityMinor',
    'gitVersion', 'gitCommit', 'gitTreeState', 'buildDate', 'goVersion', 'compiler', 'platform',
  ]);
  assert.equal(info.major, '1');
  assert.equal(info.minor, '35');
  assert.equal(info.gitVersion, 'v1.35.0');
  assert.equal(info.emulationMinor, '35');
  assert.equal(info.minCompatibilityMinor, '34');
  assert.equal(info.goVersion, process.version);
  assert.match(info.platform!, /^[a-z0-9]+\/[a-z0-9]+$/);
});

test('--emulated-version moves the emulation and, by default, the minimum compatibility version', () => {
  const info = versionInfo(apiserverOptions(values('--emulated-version=1.33')).version);
  assert.equal(info.emulationMajor, '1');
  assert.equal(info.emulationMinor, '33');
  assert.equal(info.minCompatibilityMinor, '32');
  assert.equal(versionInfo(apiserverOptions(values('--emulated-version=orch=1.34', '--min-compatibility-version=1.33')).version).minCompatibilityMinor, '33');
});

test('--version=vX.Y.Z sets the reported version', () => {
  const v = values('--version=v1.35.0-orch.2');
  assert.equal(versionInfo(apiserverOptions(v).version).gitVersion, 'v1.35.0-orch.2');
  assert.equal(formatVersionFlag(apiserverOptions(v).version, false), 'orch v1.35.0-orch.2');
});

test('--version prints the brand and version; raw prints the build information', () => {
  assert.equal(formatVersionFlag(apiserverOptions(values('--version')).version, false), 'orch v1.35.0');
  const raw = formatVersionFlag(apiserverOptions(values('--version=raw')).version, true);
  assert.match(raw, /^version\.Info\{Major:"1", Minor:"35", .*GitVersion:"v1\.35\.0", .*Platform:"[^"]+"\}$/);
});
