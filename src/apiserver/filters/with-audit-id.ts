// Gives every request an Audit-Id (the client's own Audit-ID header if it sent one), echoed in
// the response. Audit policy and backends build on this later.
import { randomUUID } from 'node:crypto';
import { requestContext, type Handler } from '../../component-base/serving/request-context.ts';

export function withAuditID(handler: Handler): Handler {
  return (req, res) => {
    const given = req.headers['audit-id'];
    const id = typeof given === 'string' && given.trim() !== '' ? given.trim() : randomUUID();
    requestContext(req).auditID = id;
    res.setHeader('Audit-Id', id);
    return handler(req, res);
  };
}
