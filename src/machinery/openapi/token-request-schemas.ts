// authentication.orch.io/v1 TokenRequest: the body of POST .../serviceaccounts/{name}/token, which
// kubectl create token sends under the group's Kubernetes name. Field numbers are Kubernetes'
// (k8s.io/api authentication/v1 generated.proto).
import { META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { int64, object, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';

const authn = (n: string) => `io.orch.api.authentication.v1.${n}`;
const meta = (n: string) => `${META_V1}.${n}`;

export function tokenRequestSchemas(d: Dialect): Record<string, Schema> {
  return {
    [authn('BoundObjectReference')]: object('The object a token is bound to: the token stops working when it is deleted.', {
      apiVersion: tag(2, str('API version of the object.')),
      kind: tag(1, str('Kind of the object: Pod, Node or Secret.')),
      name: tag(3, str('Name of the object.')),
      uid: tag(4, str('UID of the object.')),
    }),
    [authn('TokenRequestSpec')]: object(
      'What the token is for and how long it lives.',
      {
        audiences: tag(1, stringList('Who the token is meant for; an audience must find itself here to accept it. Empty: the API server\'s own audiences.', { 'x-kubernetes-list-type': 'atomic' })),
        boundObjectRef: tag(3, refProp(d, authn('BoundObjectReference'), 'An object the token is bound to, whose deletion revokes it.')),
        expirationSeconds: tag(4, int64('The lifetime asked for, in seconds; the server may shorten or lengthen it.')),
      },
      { required: ['audiences'] },
    ),
    [authn('TokenRequestStatus')]: object(
      'The issued token.',
      {
        expirationTimestamp: tag(2, refProp(d, meta('Time'), 'When the token expires.')),
        token: tag(1, str('The opaque bearer token.', { default: '' })),
      },
      { required: ['token', 'expirationTimestamp'] },
    ),
    [authn('TokenRequest')]: object(
      'Asks for a token for a service account.',
      {
        apiVersion: str('The versioned schema of this representation of an object.'),
        kind: str('The REST resource this object represents, in CamelCase.'),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true)),
        spec: tag(2, refProp(d, authn('TokenRequestSpec'), 'What is asked for.', true)),
        status: tag(3, refProp(d, authn('TokenRequestStatus'), 'The token, filled in by the server.', true)),
      },
      {
        required: ['spec'],
        gvk: [
          { group: 'authentication.orch.io', kind: 'TokenRequest', version: 'v1' },
          { group: 'authentication.k8s.io', kind: 'TokenRequest', version: 'v1' },
        ],
      },
    ),
  };
}
