import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authenticationConfigMapData, readAuthenticationConfigMap } from './authentication-config-map.ts';

const requestHeader = {
  clientCA: 'FRONT-PROXY-CA', allowedNames: ['front-proxy'], usernameHeaders: ['X-Remote-User'], groupHeaders: ['X-Remote-Group'],
  extraHeaderPrefixes: ['X-Remote-Extra-'], uidHeaders: [],
};

test('the data is Kubernetes\': its keys, lists as JSON, in its order', () => {
  const data = authenticationConfigMapData({ clientCA: 'CLIENT-CA', requestHeader });
  assert.deepEqual(Object.keys(data), [
    'client-ca-file', 'requestheader-client-ca-file', 'requestheader-username-headers', 'requestheader-uid-headers',
    'requestheader-group-headers', 'requestheader-extra-headers-prefix', 'requestheader-allowed-names',
  ]);
  assert.equal(data['requestheader-username-headers'], '["X-Remote-User"]');
  assert.equal(data['requestheader-uid-headers'], '[]');
});

test('what is written reads back; absent settings write no keys', () => {
  assert.deepEqual(readAuthenticationConfigMap(authenticationConfigMapData({ clientCA: 'CLIENT-CA', requestHeader })), { clientCA: 'CLIENT-CA', requestHeader });
  assert.deepEqual(authenticationConfigMapData({ clientCA: '' }), {});
  assert.deepEqual(readAuthenticationConfigMap({}), { clientCA: '', requestHeader: undefined });
});

test('a list that is not a JSON list of strings is refused', () => {
  assert.throws(() => readAuthenticationConfigMap({ 'requestheader-client-ca-file': 'CA', 'requestheader-allowed-names': '{"a":1}' }), /requestheader-allowed-names in the config map is not a JSON list of strings/);
});
