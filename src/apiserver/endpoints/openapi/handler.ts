// /openapi/v2 (swagger) and /openapi/v3 (index and one document per group-version), built once
// from the declarations and the schemas the API types provide.
import { createHash } from 'node:crypto';
import type { Request, Response } from '../../../component-base/serving/request-context.ts';
import type { ResourceDeclaration } from '../../registry/resource.ts';
import { openapiPaths } from './paths.ts';

type Decl = ResourceDeclaration<any, any>;

export interface OpenApiSchemas {
  /** Swagger 2.0 definitions keyed by definition name. */
  v2Definitions: Record<string, unknown>;
  /** OpenAPI 3 component schemas keyed by the same names. */
  v3Schemas: Record<string, unknown>;
}

interface Built {
  body: string;
  etag: string;
}

function built(doc: unknown): Built {
  const body = JSON.stringify(doc);
  const hash = createHash('sha512').update(body).digest('hex').slice(0, 128).toUpperCase();
  return { body, etag: hash };
}

const INFO = { title: 'Orch', version: 'v1.35.0' };

/** The PATCH body's definition, which the paths refer to whatever the types provide. */
const PATCH_DEFINITION = { 'io.orch.apimachinery.pkg.apis.meta.v1.Patch': { type: 'object', description: 'Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.' } };

export function createOpenApiServer(decls: readonly Decl[], given: OpenApiSchemas) {
  const schemas: OpenApiSchemas = {
    v2Definitions: { ...PATCH_DEFINITION, ...given.v2Definitions },
    v3Schemas: { ...PATCH_DEFINITION, ...given.v3Schemas },
  };
  const served = decls.filter((d) => !d.hiddenFromDiscovery);
  let v2: Built | undefined;
  const v3 = new Map<string, Built>();
  const gvKey = (d: Decl) => (d.group ? `apis/${d.group}/${d.version}` : `api/${d.version}`);

  const v2Doc = () => (v2 ??= built({ swagger: '2.0', info: INFO, paths: openapiPaths(2, served), definitions: schemas.v2Definitions }));
  const v3Doc = (key: string) => {
    let doc = v3.get(key);
    if (!doc) {
      const mine = served.filter((d) => gvKey(d) === key);
      if (!mine.length) return undefined;
      doc = built({ openapi: '3.0.0', info: INFO, paths: openapiPaths(3, mine), components: { schemas: schemas.v3Schemas } });
      v3.set(key, doc);
    }
    return doc;
  };

  function send(req: Request, res: Response, doc: Built): void {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Etag', `"${doc.etag}"`);
    if (req.headers['if-none-match'] === `"${doc.etag}"`) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', Buffer.byteLength(doc.body));
    res.end(doc.body);
  }

  /** Answers an /openapi path; false when the path is not one. */
  return function serveOpenApi(req: Request, res: Response, path: string): boolean {
    if (path === '/openapi/v2') {
      send(req, res, v2Doc());
      return true;
    }
    if (path === '/openapi/v3' || path === '/openapi/v3/') {
      const paths: Record<string, unknown> = {};
      for (const key of new Set(served.map(gvKey))) paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${v3Doc(key)!.etag}` };
      const body = JSON.stringify({ paths });
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
      return true;
    }
    if (path.startsWith('/openapi/v3/')) {
      const doc = v3Doc(path.slice('/openapi/v3/'.length));
      if (!doc) return false;
      res.setHeader('Cache-Control', 'public, immutable');
      send(req, res, doc);
      return true;
    }
    return false;
  };
}
