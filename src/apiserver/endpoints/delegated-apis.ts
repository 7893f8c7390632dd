// The seam through which group-versions served by other servers (API aggregation: remote
// APIServices) join this server's routes, discovery and OpenAPI. The REST handler asks it before
// anything else whether a request's group-version is served elsewhere (then it is passed on);
// discovery lets it order every group and add the groups served elsewhere; the OpenAPI v3 index
// lists their group-versions and their documents are answered by it. A leaf file: the aggregator
// implements it, the endpoints only call it.
import type { Request, Response } from '../../component-base/serving/request-context.ts';

export interface DelegatedApis {
  /** Passes the request on when its group-version is served elsewhere; false when it is served here. */
  serve(req: Request, res: Response, group: string, version: string): Promise<boolean>;
  /**
   * Every group with its versions in discovery's order: the local ones given (in order of
   * appearance) together with those served elsewhere.
   */
  order(local: Map<string, string[]>): Map<string, string[]>;
  /** The aggregated discovery entry (apidiscovery v2 APIVersionDiscovery) of a version served elsewhere. */
  discoveryVersion(group: string, version: string): Record<string, unknown> | undefined;
  /** OpenAPI v3 index entries (apis/<group>/<version>) of the group-versions served elsewhere. */
  openapiV3Paths(): Record<string, { serverRelativeURL: string }>;
  /** Answers /openapi/v3/<key> for a group-version served elsewhere; false when it is not one. */
  serveOpenApiV3(req: Request, res: Response, key: string): Promise<boolean>;
}
