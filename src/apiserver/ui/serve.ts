// --enable-ui: serves the web page's files under /ui/. They are read once, on the first request
// for one, and answered from memory. The files carry no cluster data, so they are public like
// /version; the page fetches everything else through the API with the user's own credentials.
// A path under /ui/ without a file extension is one of the page's views and gets index.html, so
// links to views can be opened, bookmarked and reloaded.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NonResourcePath } from '../server/config.ts';
import type { Request, Response } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { methodNotAllowed, pathNotFound } from '../../machinery/status.ts';
import { requestURL } from '../filters/with-request-info.ts';

export const UI_PATH = '/ui';

const ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// The page runs only its own scripts and talks only to this server; it may not be framed.
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** The page's files by name (index.html, app.js, …), read from the assets folder. */
export function loadUiAssets(dir = ASSETS_DIR): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (!contentType) continue;
    const body = readFileSync(join(dir, name));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    assets.set(name, { body, contentType, etag });
  }
  return assets;
}

/** The non-resource path the server mounts for the page; the files are read on its first request, not at start. */
export function uiPath(load = loadUiAssets): NonResourcePath {
  let assets: Map<string, Asset> | undefined;
  return { path: UI_PATH, prefix: true, handler: (req, res) => serveUi((assets ??= load()), req, res) };
}

function serveUi(assets: Map<string, Asset>, req: Request, res: Response): void {
  const url = requestURL(req);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    writeStatus(req, res, methodNotAllowed(req.method ?? '', 'the requested resource'));
    return;
  }
  if (url.pathname === UI_PATH) {
    const query = url.searchParams.toString();
    res.writeHead(301, { Location: `${UI_PATH}/${query ? `?${query}` : ''}` });
    res.end();
    return;
  }
  const rest = url.pathname.slice(UI_PATH.length + 1);
  // A name with a dot is a file (all sit at the top of the folder); anything else is a view.
  const name = rest.includes('.') ? rest : 'index.html';
  const asset = assets.get(name);
  if (!asset) return writeStatus(req, res, pathNotFound());
  const headers: Record<string, string | number> = {
    ...SECURITY_HEADERS,
    'Content-Type': asset.contentType,
    ETag: asset.etag,
    // Revalidated on every load: a new server version must not run with an old script.
    'Cache-Control': 'no-cache',
  };
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': asset.body.length });
  if (req.method === 'HEAD') res.end();
  else res.end(asset.body);
}
