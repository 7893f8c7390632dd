// Profiling (/debug/pprof behind authn/authz, and on --debug-socket-path without), the logs
// handler, and the root path index.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { apiserverStarter, apiRequest, makeTempDir } from '../support/apiserver.ts';

const start = apiserverStarter();

function unixGet(socketPath: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ socketPath, path }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('/debug/pprof serves an index, a CPU profile and a heap snapshot, only to authorized users', async () => {
  const s = await start();
  assert.equal((await apiRequest(s, '/debug/pprof/')).status, 403, 'anonymous users may not profile');
  const index = await apiRequest(s, '/debug/pprof/', { token: s.token });
  assert.equal(index.status, 200);
  assert.match(index.body, /href="profile"/);
  const profile = await apiRequest(s, '/debug/pprof/profile?seconds=1', { token: s.token });
  assert.equal(profile.status, 200);
  assert.equal(profile.headers['content-type'], 'application/octet-stream');
  const parsed = profile.json();
  assert.ok(Array.isArray(parsed.nodes) && parsed.nodes.length > 0, 'a V8 CPU profile');
  const badSeconds = await apiRequest(s, '/debug/pprof/profile?seconds=abc', { token: s.token });
  assert.equal(badSeconds.status, 400);
  assert.equal(badSeconds.json().message, 'invalid value for "seconds"');
  const unknown = await apiRequest(s, '/debug/pprof/goroutine', { token: s.token });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.json().kind, 'Status', 'an unknown profile is answered with a Status');
  const off = await start({ profiling: false });
  assert.equal((await apiRequest(off, '/debug/pprof/', { token: off.token })).status, 404);
});

test('--debug-socket-path serves profiling without authentication', async () => {
  const socketPath = join(makeTempDir(), 'debug.sock');
  await start({ 'debug-socket-path': socketPath });
  const index = await unixGet(socketPath, '/debug/pprof/');
  assert.equal(index.status, 200);
  const heap = await unixGet(socketPath, '/debug/pprof/heap');
  assert.equal(heap.status, 200);
  assert.ok(JSON.parse(heap.body).snapshot, 'a V8 heap snapshot');
  assert.equal((await unixGet(socketPath, '/healthz')).status, 404, 'only profiling is on the socket');
});

test('--enable-logs-handler lists and serves the log directory, and nothing outside it', async () => {
  const logDir = makeTempDir();
  mkdirSync(join(logDir, 'pods'));
  writeFileSync(join(logDir, 'apiserver.log'), 'line one\n');
  const outside = join(makeTempDir(), 'secret.txt');
  writeFileSync(outside, 'secret');
  symlinkSync(outside, join(logDir, 'escape.txt'));
  const s = await start({ 'enable-logs-handler': true }, { logDir });
  assert.equal((await apiRequest(s, '/logs/')).status, 403, 'behind authorization');
  const list = await apiRequest(s, '/logs/', { token: s.token });
  assert.equal(list.status, 200);
  assert.match(list.body, /<a href="apiserver.log">apiserver.log<\/a>/);
  assert.match(list.body, /<a href="pods\/">pods\/<\/a>/);
  assert.equal((await apiRequest(s, '/logs/apiserver.log', { token: s.token })).body, 'line one\n');
  assert.equal((await apiRequest(s, '/logs/escape.txt', { token: s.token })).status, 404);
  assert.notEqual((await apiRequest(s, '/logs/..%2f..%2fetc%2fpasswd', { token: s.token })).status, 200);
  const off = await start();
  assert.equal((await apiRequest(off, '/logs/', { token: off.token })).status, 404);
});

test('the root path lists the served paths', async () => {
  const s = await start();
  const r = await apiRequest(s, '/', { token: s.token });
  assert.equal(r.status, 200);
  const paths: string[] = r.json().paths;
  for (const p of ['/api', '/apis', '/healthz', '/healthz/ping', '/livez', '/metrics', '/readyz/shutdown', '/version']) assert.ok(paths.includes(p), p);
});
