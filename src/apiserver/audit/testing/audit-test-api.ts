// Test-only pieces for audit tests: a small API handler that hands its request and response
// objects to audit the way the REST layer does, and readers that wait for audit lines on disk.
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { notFound } from '../../../machinery/status.ts';
import { requestContext, type Handler } from '../../../component-base/serving/request-context.ts';
import { writeJson, writeStatus } from '../../../component-base/serving/responses.ts';
import { addAuditAnnotation, recordRequestObject, recordResponseObject } from '../request-audit.ts';

function readBody(req: Parameters<Handler>[0]): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * POST creates (echoes the body with managedFields added), GET of a name `missing` is a 404
 * Status, a name `boom` throws, watch streams one chunk; everything else answers an object.
 */
export const auditTestApi: Handler = async (req, res) => {
  const info = requestContext(req).requestInfo;
  addAuditAnnotation(req, 'test.orch.io/handler', 'audit-test-api');
  if (info?.name === 'boom') throw new Error('boom');
  if (info?.verb === 'watch') {
    const stream = res as ServerResponse;
    stream.writeHead(200, { 'Content-Type': 'application/json' });
    stream.write('{"type":"ADDED","object":{}}\n');
    stream.end();
    return;
  }
  if (req.method === 'POST') {
    const obj = JSON.parse(await readBody(req)) as { metadata?: Record<string, unknown> };
    recordRequestObject(req, obj);
    const created = { ...obj, metadata: { ...obj.metadata, uid: 'uid-1', managedFields: [{ manager: 'test', operation: 'Update' }] } };
    recordResponseObject(req, created);
    writeJson(req, res, 201, created);
    return;
  }
  if (info?.name === 'missing') {
    writeStatus(req, res, notFound({ group: info.apiGroup, resource: info.resource }, info.name));
    return;
  }
  const obj = { kind: 'Thing', apiVersion: 'v1', metadata: { name: info?.name ?? '', managedFields: [{ manager: 'test' }] } };
  recordResponseObject(req, obj);
  writeJson(req, res, 200, obj);
};

export function readLines(path: string): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean);
}

/** Waits until `path` holds at least `count` lines (audit writes may trail the response). */
export async function waitForLines(path: string, count: number, timeoutMs = 3000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = readLines(path);
    if (lines.length >= count || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
