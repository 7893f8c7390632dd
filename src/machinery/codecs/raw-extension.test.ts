import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeProtobuf, encodeProtobuf } from './protobuf.ts';

test('a controller revision\'s data crosses protobuf as its JSON bytes and comes back as the object', () => {
  const revision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name: 'web-abc', namespace: 'ns' },
    data: { spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] }, $patch: 'replace' } } },
    revision: 2,
  };
  const wire = encodeProtobuf(revision);
  assert.ok(wire.includes(Buffer.from(JSON.stringify(revision.data))), 'the data is carried as JSON');
  const back = decodeProtobuf(wire) as typeof revision;
  assert.deepEqual(back.data, revision.data);
  assert.equal(back.revision, 2);
});
