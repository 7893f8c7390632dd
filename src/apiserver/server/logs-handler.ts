// --enable-logs-handler (deprecated): /logs/ lists the log directory and serves its files, as
// Kubernetes serves /var/log. Paths are confined to the directory, symbolic links included.
import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Request, Response } from '../../component-base/serving/request-context.ts';
import { writeText } from '../../component-base/serving/responses.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function serveLogs(_req: Request, res: Response, path: string, logDir: string): Promise<boolean> {
  if (path !== '/logs' && !path.startsWith('/logs/')) return false;
  if (path === '/logs') {
    res.statusCode = 301;
    res.setHeader('Location', '/logs/');
    res.end();
    return true;
  }
  const rel = path.slice('/logs/'.length);
  if (rel.split('/').some((seg) => seg === '..' || seg === '.')) {
    writeText(res, 400, 'invalid URL path\n');
    return true;
  }
  let root: string;
  let target: string;
  try {
    root = await realpath(logDir);
    target = await realpath(join(root, rel));
  } catch {
    writeText(res, 404, '404 page not found\n');
    return true;
  }
  if (target !== root && !target.startsWith(root + sep)) {
    writeText(res, 404, '404 page not found\n');
    return true;
  }
  const info = await stat(target);
  if (info.isDirectory()) {
    if (rel !== '' && !rel.endsWith('/')) {
      res.statusCode = 301;
      res.setHeader('Location', `/logs/${rel}/`);
      res.end();
      return true;
    }
    const entries = (await readdir(target, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    const links = entries.map((e) => {
      const name = e.isDirectory() ? `${e.name}/` : e.name;
      return `<a href="${encodeURIComponent(e.name)}${e.isDirectory() ? '/' : ''}">${escapeHtml(name)}</a>`;
    });
    writeText(res, 200, `<pre>\n${links.join('\n')}${links.length ? '\n' : ''}</pre>\n`, 'text/html; charset=utf-8');
    return true;
  }
  if (!info.isFile()) {
    writeText(res, 404, '404 page not found\n');
    return true;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', info.size);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  await new Promise<void>((resolve) => {
    const stream = createReadStream(target);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', resolve);
    stream.pipe(res as NodeJS.WritableStream);
  });
  return true;
}
