// HTTPS to the API server over keep-alive HTTP/1.1 connections: server CA, client certificate,
// bearer token (a token file is re-read so rotation is picked up).
import { Agent, request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { readFileSync } from 'node:fs';
import type { ConnectionConfig } from '../orchconfig/types.ts';
// Not imported: an ESM import of node:http makes Node load its fetch implementation (~50 ms of start).
const { request: httpRequest } = process.getBuiltinModule('node:http');

export interface RawRequest {
  method: string;
  /** Path and query, starting with '/'. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  signal?: AbortSignal;
}

export class Transport {
  private readonly config: ConnectionConfig;
  private readonly agent: Agent;
  private readonly base: URL;

  constructor(config: ConnectionConfig) {
    this.config = config;
    this.base = new URL(config.host);
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: 64,
      ca: config.caData,
      cert: config.certData,
      key: config.keyData,
      rejectUnauthorized: !config.insecureSkipTLSVerify,
      servername: config.serverName,
    });
  }

  get host(): string {
    return this.config.host;
  }

  private authorization(): string | undefined {
    if (this.config.bearerTokenFile) return `Bearer ${readFileSync(this.config.bearerTokenFile, 'utf8').trim()}`;
    if (this.config.bearerToken) return `Bearer ${this.config.bearerToken}`;
    if (this.config.username !== undefined) {
      return `Basic ${Buffer.from(`${this.config.username}:${this.config.password ?? ''}`).toString('base64')}`;
    }
    return undefined;
  }

  /** Sends the request; resolves with the response once its headers arrive. */
  send(req: RawRequest): Promise<IncomingMessage> {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + req.path, this.base);
    const headers: Record<string, string> = { ...req.headers };
    const auth = this.authorization();
    if (auth) headers.authorization = auth;
    if (req.body) headers['content-length'] = String(req.body.length);
    const https = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const r = (https ? httpsRequest : httpRequest)(url, { method: req.method, headers, agent: https ? this.agent : undefined, signal: req.signal }, resolve);
      r.on('error', reject);
      r.end(req.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export function readAll(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
    res.on('aborted', () => reject(new Error('response aborted')));
  });
}
