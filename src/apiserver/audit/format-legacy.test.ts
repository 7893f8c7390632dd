import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goQuote, legacyEventLine } from './format-legacy.ts';
import type { AuditEvent } from './types.ts';

test('goQuote escapes as Go %q does and keeps printable Unicode', () => {
  assert.equal(goQuote('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(goQuote('tab\tnl\n\x01\x7f'), '"tab\\tnl\\n\\x01\\x7f"');
  assert.equal(goQuote('héllo ☃'), '"héllo ☃"');
});

test('the legacy line of an event without a user, response or namespace', () => {
  const ev: AuditEvent = {
    kind: 'Event', apiVersion: 'audit.orch.io/v1', level: 'Metadata', auditID: 'id-1', stage: 'RequestReceived', requestURI: '/version', verb: 'get',
    user: {}, requestReceivedTimestamp: '2026-11-22T05:10:00.120000Z', stageTimestamp: '2026-11-22T05:10:00.120000Z',
  };
  assert.equal(
    legacyEventLine(ev),
    '2026-11-22T05:10:00.12Z AUDIT: id="id-1" stage="RequestReceived" ip="<unknown>" method="get" user="<none>" groups="<none>" as="<self>" asgroups="<lookup>" user-agent="" namespace="<none>" uri="/version" response="<deferred>"',
  );
  const impersonated = { ...ev, impersonatedUser: { username: 'bob', groups: ['g1'] }, responseStatus: { metadata: {}, code: 403 }, requestReceivedTimestamp: '2026-11-22T05:10:00.000000Z' } as AuditEvent;
  assert.match(legacyEventLine(impersonated), /^2026-11-22T05:10:00Z .* as="bob" asgroups="\\"g1\\"" .* response="403"$/);
});
