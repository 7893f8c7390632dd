// The client the review calls go through: an orchconfig file (--authentication-kubeconfig or
// --authorization-kubeconfig) read into a REST client speaking JSON, unthrottled as Kubernetes
// leaves its delegating clients (QPS 200, burst 400).
import { loadConnectionConfig } from '../../client/orchconfig/load.ts';
import { RestClient } from '../../client/rest/client.ts';

export function reviewClient(orchconfig: string, userAgent: string): RestClient {
  return new RestClient(loadConnectionConfig({ path: orchconfig }), { qps: 200, burst: 400, contentType: 'application/json', userAgent, maxRetries: 0 });
}
