import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSecureContext } from 'node:tls';
import { buildTlsSettings } from './tls-options.ts';

test('versions map to Node names; TLS 1.2 is the default minimum', () => {
  assert.equal(buildTlsSettings(undefined, undefined).minVersion, 'TLSv1.2');
  assert.equal(buildTlsSettings('VersionTLS13', undefined).minVersion, 'TLSv1.3');
  assert.match(buildTlsSettings('VersionTLS10', undefined).ciphers!, /@SECLEVEL=0/);
  assert.throws(() => buildTlsSettings('TLS1.2', undefined), /unknown tls version/);
});

test('IANA suite names become an OpenSSL cipher string that Node accepts', () => {
  const s = buildTlsSettings(undefined, ['TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256', 'TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305', 'TLS_AES_128_GCM_SHA256']);
  assert.equal(s.ciphers, 'ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-CHACHA20-POLY1305:TLS_AES_128_GCM_SHA256');
  assert.doesNotThrow(() => createSecureContext({ ciphers: s.ciphers, minVersion: s.minVersion }));
  assert.deepEqual(s.insecureSuites, []);
  const insecure = buildTlsSettings(undefined, ['TLS_RSA_WITH_AES_128_GCM_SHA256']);
  assert.deepEqual(insecure.insecureSuites, ['TLS_RSA_WITH_AES_128_GCM_SHA256']);
  assert.match(insecure.ciphers!, /TLS_AES_256_GCM_SHA384/, 'TLS 1.3 defaults kept when none listed');
  assert.throws(() => buildTlsSettings(undefined, ['TLS_FOO']), /cipher suite TLS_FOO not supported or doesn't exist/);
});
