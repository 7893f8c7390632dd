import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namedCertificateMap, parseSniCertKey, selectCertificate } from './sni.ts';
import { generateSelfSignedCertKey, type CertKeyPair } from './self-signed.ts';

test('the flag form splits files from patterns', () => {
  assert.deepEqual(parseSniCertKey('a.crt,a.key'), { certFile: 'a.crt', keyFile: 'a.key', names: [] });
  assert.deepEqual(parseSniCertKey('a.crt,a.key:*.foo.com,foo.com'), { certFile: 'a.crt', keyFile: 'a.key', names: ['*.foo.com', 'foo.com'] });
  assert.throws(() => parseSniCertKey('a.crt'), /want <cert_file>,<key_file>/);
  assert.throws(() => parseSniCertKey('a.crt,a.key,b:x'), /want/);
});

test('names: earlier flags win, explicit beats extracted, exact beats wildcard, IPs ignored', async () => {
  const make = async (host: string, alts: string[]): Promise<CertKeyPair> => {
    const p = await generateSelfSignedCertKey(host, alts);
    return { certFile: host, keyFile: host, cert: p.cert, key: p.key };
  };
  const first = await make('one.test', ['shared.test', '10.0.0.1']);
  const second = await make('two.test', ['shared.test', '*.wild.test']);
  const explicit = await make('three.test', []);
  const map = namedCertificateMap([
    { pair: first, names: [] },
    { pair: second, names: [] },
    { pair: explicit, names: ['one.test', 'Exact.Wild.Test'] },
  ]);
  assert.equal(selectCertificate(map, 'shared.test'), first);
  assert.equal(selectCertificate(map, 'one.test'), explicit);
  assert.equal(selectCertificate(map, 'exact.wild.test'), explicit);
  assert.equal(selectCertificate(map, 'other.wild.test'), second);
  assert.equal(selectCertificate(map, 'ONE.TEST.'), explicit);
  assert.equal(selectCertificate(map, 'three.test'), undefined, 'a pair with explicit names does not answer for its own');
  assert.equal(selectCertificate(map, '10.0.0.1'), undefined);
  assert.equal(selectCertificate(map, 'nothing'), undefined);
});
