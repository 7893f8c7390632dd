import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitSchemeNamePort, joinHostPort } from './scheme-name-port.ts';
import { isGlobalUnicastAddress } from './global-unicast.ts';
import { proxyPath } from './proxy-path.ts';
import { encodeGoQuery, goQueryEscape, queryBool } from './go-query.ts';
import { decodePorts, decodeStreamOptions, portForwardQuery, streamQuery } from './stream-options.ts';
import { responseStatus } from './raw-upgrade.ts';

test('proxy names split as name, name:port or scheme:name:port', () => {
  assert.deepEqual(splitSchemeNamePort('web'), { scheme: '', name: 'web', port: '' });
  assert.deepEqual(splitSchemeNamePort('web:8080'), { scheme: '', name: 'web', port: '8080' });
  assert.deepEqual(splitSchemeNamePort('https:web:metrics'), { scheme: 'https', name: 'web', port: 'metrics' });
  assert.equal(splitSchemeNamePort('ftp:web:21'), undefined);
  assert.equal(splitSchemeNamePort(':80'), undefined);
  assert.equal(splitSchemeNamePort('a:b:c:d'), undefined);
  assert.equal(joinHostPort('fd00::1', 80), '[fd00::1]:80');
});

test('only global unicast addresses are proxied to', () => {
  for (const ok of ['10.1.2.3', '192.0.2.2', '8.8.8.8', 'fd00::2', '2001:db8::1', '010.001.002.003']) assert.ok(isGlobalUnicastAddress(ok), ok);
  for (const bad of ['', 'web', '127.0.0.1', '0.0.0.0', '169.254.1.1', '224.0.0.5', '255.255.255.255', '::1', '::', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1']) {
    assert.ok(!isGlobalUnicastAddress(bad), bad);
  }
});

test('proxy paths are cleaned, keep a trailing slash and are escaped as Go escapes a path', () => {
  assert.equal(proxyPath(''), '/');
  assert.equal(proxyPath('/healthz'), '/healthz');
  assert.equal(proxyPath('/a/./b/../c/'), '/a/c/');
  assert.equal(proxyPath('/../../etc'), '/etc');
  assert.equal(proxyPath('/a b/c?d#e'), '/a%20b/c%3Fd%23e');
  assert.equal(proxyPath('/x:y@z;w=1,2+3$&'), '/x:y@z;w=1,2+3$&');
});

test('queries are encoded and read as Go encodes and reads them', () => {
  assert.equal(goQueryEscape("a b*~'"), 'a+b%2A~%27');
  assert.equal(encodeGoQuery([['tty', '1'], ['command', 'sh'], ['input', '1'], ['command', '-c']]), 'command=sh&command=-c&input=1&tty=1');
  assert.equal(queryBool(new URLSearchParams('a=False'), 'a'), false);
  assert.equal(queryBool(new URLSearchParams('a=0'), 'a'), false);
  assert.equal(queryBool(new URLSearchParams('a='), 'a'), true);
  assert.equal(queryBool(new URLSearchParams(''), 'a'), false);
});

test("exec, attach and port-forward options become the agent's query", () => {
  const exec = decodeStreamOptions(new URLSearchParams('command=ls&command=-l&container=c&stdout=true&stderr=true&stdin=false'), true);
  assert.equal(exec.container, 'c');
  assert.equal(streamQuery(exec), 'command=ls&command=-l&error=1&output=1');
  assert.equal(streamQuery(decodeStreamOptions(new URLSearchParams('command=ls&stdin=1&tty=1'), false)), 'input=1&tty=1');
  assert.deepEqual(decodePorts(new URLSearchParams('ports=80,443&ports=8080')), [80, 443, 8080]);
  assert.equal(portForwardQuery([80, 443]), 'port=80%2C443');
  assert.throws(() => decodePorts(new URLSearchParams('ports=http')), /cannot convert to \[\]int32: strconv.ParseUint: parsing "http": invalid syntax/);
});

test("the status of a backend's answer is read from its first bytes", () => {
  assert.equal(responseStatus(Buffer.from('HTTP/1.1 101 Switching Protocols\r\n')), 101);
  assert.equal(responseStatus(Buffer.from('HTTP/1.0 400 Bad Request\r\n')), 400);
  assert.equal(responseStatus(Buffer.from('garbage')), 0);
});
