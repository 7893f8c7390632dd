// /openapi/v2 (swagger, in JSON or in gnostic's protobuf form) and /openapi/v3 (an index with a
// hash per group-version, and one document per group-version), built once from the declarations
// and the definitions the API types provide. Caching follows Kubernetes: an ETag on every
// document and 304 for a matching If-None-Match; a v3 document asked for by its current hash may
// be kept for a year, one asked for by an old hash is redirected to the current one.
import { createHash } from 'node:crypto';
import type { Request, Response } from '../../../component-base/serving/request-context.ts';
// gnostic's protobuf form, and protobufjs with it, load with the first request for it (lazy-sources.ts).
import { gnosticV2 } from '../../../machinery/lazy/lazy-sources.ts';
import { notAcceptable } from '../../../machinery/status.ts';
import type { ResourceDeclaration } from '../../registry/resource.ts';
import { parseAccept } from '../negotiation.ts';
import { openapiPaths } from './paths.ts';
import { referencedDefinitions, servedDefinitions, withDefinitionNames } from './served-definitions.ts';

type Decl = ResourceDeclaration<any, any>;

export interface OpenApiSchemas {
  /** Swagger 2.0 definitions keyed by definition name. */
  v2Definitions: Record<string, unknown>;
  /** OpenAPI 3 component schemas keyed by the same names. */
  v3Schemas: Record<string, unknown>;
}

interface Built {
  body: Buffer;
  etag: string;
  contentType: string;
}

const JSON_TYPE = 'application/json';
/** What kube-openapi answers for either protobuf media type kubectl may ask for. */
const PROTO_V2_TYPE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';
const PROTO_V2_ACCEPTED = new Set(['application/com.github.proto-openapi.spec.v2@v1.0+protobuf', PROTO_V2_TYPE]);
const YEAR_MS = 365 * 24 * 3600 * 1000;

function built(body: Buffer, contentType: string): Built {
  return { body, contentType, etag: createHash('sha512').update(body).digest('hex').toUpperCase() };
}

const INFO = { title: 'Orch', version: 'v1.35.0' };

/** The PATCH body's definition, which the paths refer to whatever the types provide. */
const PATCH_DEFINITION = { 'io.orch.apimachinery.pkg.apis.meta.v1.Patch': { type: 'object', description: 'The body of a PATCH request, in the form its Content-Type names.' } };

type Form = 'json' | 'proto';

/** The form an Accept header asks for, best quality first; undefined when none is served. */
function acceptedForm(accept: string | undefined, protoServed: boolean): Form | undefined {
  const clauses = parseAccept(accept)
    .map((c, i) => ({ ...c, q: c.params['q'] === undefined ? 1 : Number(c.params['q']), i }))
    .filter((c) => c.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const c of clauses) {
    if (c.type === JSON_TYPE || c.type === 'application/*' || c.type === '*/*') return 'json';
    if (protoServed && PROTO_V2_ACCEPTED.has(c.type)) return 'proto';
  }
  return undefined;
}

function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${etag}"`;
  });
}

/** `extraV3Paths` adds index entries for group-versions whose documents are served elsewhere (aggregation). */
export function createOpenApiServer(decls: readonly Decl[], given: OpenApiSchemas, extraV3Paths?: () => Record<string, { serverRelativeURL: string }>) {
  // Every served path is published, the Kubernetes-named aliases kubectl calls included.
  const served = withDefinitionNames(decls, given.v2Definitions);
  const v2Defs = servedDefinitions(served, { ...PATCH_DEFINITION, ...given.v2Definitions }, false);
  const v3Defs = servedDefinitions(served, { ...PATCH_DEFINITION, ...given.v3Schemas }, true);
  const gvKey = (d: Decl) => (d.group ? `apis/${d.group}/${d.version}` : `api/${d.version}`);
  const startedAt = new Date();

  let v2Json: Built | undefined;
  let v2Proto: Built | undefined;
  const v2Doc = () => ({ swagger: '2.0', info: INFO, paths: openapiPaths(2, served), definitions: v2Defs });
  const v2 = (form: Form): Built => {
    if (form === 'json') return (v2Json ??= built(Buffer.from(JSON.stringify(v2Doc())), JSON_TYPE));
    return (v2Proto ??= built(Buffer.from(gnosticV2().encodeGnosticV2(v2Doc())), PROTO_V2_TYPE));
  };
  const v3 = new Map<string, Built>();
  const v3Doc = (key: string): Built | undefined => {
    let doc = v3.get(key);
    if (!doc) {
      const mine = served.filter((d) => gvKey(d) === key);
      if (!mine.length) return undefined;
      const paths = openapiPaths(3, mine);
      doc = built(Buffer.from(JSON.stringify({ openapi: '3.0.0', info: INFO, paths, components: { schemas: referencedDefinitions(v3Defs, paths) } })), JSON_TYPE);
      v3.set(key, doc);
    }
    return doc;
  };

  function send(req: Request, res: Response, doc: Built): void {
    res.setHeader('Etag', `"${doc.etag}"`);
    res.setHeader('Vary', 'Accept');
    res.setHeader('Last-Modified', startedAt.toUTCString());
    if (matches(req.headers['if-none-match'], doc.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', doc.contentType);
    res.setHeader('Content-Length', doc.body.length);
    if (req.method === 'HEAD') res.end();
    else res.end(doc.body);
  }

  function form(req: Request, protoServed: boolean): Form {
    const chosen = acceptedForm(req.headers.accept, protoServed);
    if (!chosen) throw notAcceptable(`only the following media types are accepted: ${protoServed ? `${JSON_TYPE}, ${[...PROTO_V2_ACCEPTED].join(', ')}` : JSON_TYPE}`);
    return chosen;
  }

  /** Answers an /openapi path; false when the path is not one. */
  return function serveOpenApi(req: Request, res: Response, path: string): boolean {
    if (path === '/openapi/v2') {
      send(req, res, v2(form(req, true)));
      return true;
    }
    if (path === '/openapi/v3' || path === '/openapi/v3/') {
      const paths: Record<string, unknown> = {};
      for (const key of new Set(served.map(gvKey))) paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${v3Doc(key)!.etag}` };
      if (extraV3Paths) Object.assign(paths, extraV3Paths());
      const body = JSON.stringify({ paths });
      res.statusCode = 200;
      res.setHeader('Content-Type', JSON_TYPE);
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
      return true;
    }
    if (path.startsWith('/openapi/v3/')) {
      const key = path.slice('/openapi/v3/'.length);
      const doc = v3Doc(key);
      if (!doc) return false;
      form(req, false);
      const hash = new URL(req.url ?? '/', 'https://x').searchParams.get('hash');
      if (hash) {
        if (hash !== doc.etag) {
          // An old hash: the client's index is stale; send it where the current document is.
          res.statusCode = 301;
          res.setHeader('Location', `/openapi/v3/${key}?hash=${doc.etag}`);
          res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
          res.end();
          return true;
        }
        // The hash names this exact document, so it never changes under this URL.
        res.setHeader('Cache-Control', 'public, immutable');
        res.setHeader('Expires', new Date(Date.now() + YEAR_MS).toUTCString());
      }
      send(req, res, doc);
      return true;
    }
    return false;
  };
}
