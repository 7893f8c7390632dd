// An admission webhook server for tests: HTTPS on 127.0.0.1 with the shared test serving
// certificate, which webhook configurations trust through caBundle. Each AdmissionReview is parsed
// and handed to the test's handler, which writes the answer.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { join } from 'node:path';
import { sharedCertDirectory } from './apiserver.ts';

export interface WebhookServer {
  /** https://127.0.0.1:<port>, to which a test appends the path of one hook. */
  url: string;
  /** The serving CA, base64, as clientConfig.caBundle takes it. */
  caBundle: string;
  close(): Promise<void>;
}

export type ReviewHandler = (review: any, req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export async function startWebhookServer(handle: ReviewHandler): Promise<WebhookServer> {
  const certs = await sharedCertDirectory();
  const cert = readFileSync(join(certs, 'apiserver.crt'));
  const server = createServer({ cert, key: readFileSync(join(certs, 'apiserver.key')) }, (req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      void handle(JSON.parse(text), req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `https://127.0.0.1:${(server.address() as { port: number }).port}`,
    caBundle: cert.toString('base64'),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** An AdmissionReview answering `review` with `response` (allowed, status, patch, ...). */
export function reviewAnswer(review: any, response: Record<string, unknown>): string {
  return JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, ...response } });
}
