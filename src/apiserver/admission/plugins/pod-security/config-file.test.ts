import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAdmissionConfigFile } from '../../config-file.ts';
import { parsePodSecurityConfig } from './config.ts';

test('PodSecurityConfiguration from --admission-control-config-file, embedded or in a file of its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-psa-'));
  try {
    writeFileSync(
      join(dir, 'psa.yaml'),
      'apiVersion: pod-security.admission.config.orch.io/v1\nkind: PodSecurityConfiguration\ndefaults:\n  enforce: baseline\n  warn: restricted\n  warn-version: v1.30\nexemptions:\n  namespaces: [orch-system]\n  usernames: [ci]\n',
    );
    const file = join(dir, 'admission.yaml');
    writeFileSync(file, 'apiVersion: apiserver.config.orch.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: PodSecurity\n  path: psa.yaml\n');
    const config = parsePodSecurityConfig(loadAdmissionConfigFile(file).get('PodSecurity'));
    assert.deepEqual(config.defaults, {
      enforce: { level: 'baseline', version: { latest: true } },
      audit: { level: 'privileged', version: { latest: true } },
      warn: { level: 'restricted', version: { latest: false, minor: 30 } },
    });
    assert.deepEqual([...config.exemptions.namespaces], ['orch-system']);
    assert.deepEqual([...config.exemptions.usernames], ['ci']);
    writeFileSync(
      file,
      'apiVersion: apiserver.config.orch.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: PodSecurity\n  configuration:\n    apiVersion: pod-security.admission.config.orch.io/v1beta1\n    kind: PodSecurityConfiguration\n    exemptions:\n      runtimeClasses: [Bad_Class]\n',
    );
    assert.throws(() => parsePodSecurityConfig(loadAdmissionConfigFile(file).get('PodSecurity')), /^Error: exemptions\.runtimeClasses\[0\]: Invalid value: "Bad_Class": a lowercase RFC 1123 subdomain/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
