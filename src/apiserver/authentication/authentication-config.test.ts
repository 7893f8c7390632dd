import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAuthenticationConfiguration } from './authentication-config.ts';

const head = 'apiVersion: apiserver.config.orch.io/v1\nkind: AuthenticationConfiguration\n';

function problems(yaml: string): string {
  try {
    parseAuthenticationConfiguration('f.yaml', head + yaml);
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail('accepted');
}

test('a jwt entry and anonymous conditions are read; groups, uid and rules are optional', () => {
  const cfg = parseAuthenticationConfiguration(
    'f.yaml',
    `${head}jwt:
- issuer: {url: "https://idp.example", audiences: [a]}
  claimMappings: {username: {claim: sub, prefix: ""}}
anonymous: {enabled: true, conditions: [{path: /livez}]}
`,
  );
  assert.deepEqual(cfg.jwt[0], {
    issuer: { url: 'https://idp.example', audiences: ['a'] },
    claimValidationRules: [],
    claimMappings: { username: { claim: 'sub', prefix: '' } },
    signingAlgs: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'],
  });
  assert.deepEqual(cfg.anonymous, { enabled: true, paths: ['/livez'] });
  assert.deepEqual(parseAuthenticationConfiguration('f.json', JSON.stringify({ apiVersion: 'apiserver.config.orch.io/v1beta1', kind: 'AuthenticationConfiguration' })), { jwt: [] });
});

test('every problem is named by its field, all at once', () => {
  const msg = problems(`jwt:
- issuer: {url: "http://idp.example", audiences: [a, b]}
  claimMappings: {username: {claim: sub}}
- issuer: {url: "https://idp.example", audiences: [], discoveryURL: "https://idp.example/"}
  claimMappings: {username: {expression: claims.sub, prefix: "x:"}, uid: {claim: sub, expression: claims.sub}, extra: [{key: k, valueExpression: v}, {key: "a.io/B", valueExpression: "claims.b"}]}
  claimValidationRules: [{expression: "claims.x ==", requiredValue: y}, {claim: a, expression: "true"}]
  userValidationRules: [{expression: "user.name.startsWith("}, {expression: "claims.sub == 'x'"}]
- issuer: {url: "https://idp2.example", audiences: [a]}
  claimMappings: {username: {expression: "claims.email"}}
`);
  for (const want of [
    'jwt[0].issuer.url: must be a valid https URL',
    'jwt[0].issuer.audienceMatchPolicy: audienceMatchPolicy must be MatchAny for multiple audiences',
    'jwt[0].claimMappings.username.prefix: required value when claim is set',
    'jwt[1].issuer.discoveryURL: discoveryURL must be different from URL',
    'jwt[1].issuer.audiences: at least one issuer.audiences is required',
    'jwt[1].claimMappings.username.prefix: may not be specified when expression is set',
    "jwt[1].claimMappings.uid: claim and expression can't both be set",
    'jwt[1].claimMappings.extra[0].key: Invalid value: "k": must be a domain-prefix path',
    'jwt[1].claimMappings.extra[0].valueExpression: Invalid value: "v": compilation failed: Unknown variable: v',
    'jwt[1].claimMappings.extra[1].key: Invalid value: "a.io/B": key must be lowercase',
    'jwt[1].claimValidationRules[0].expression: Invalid value: "claims.x ==": compilation failed:',
    'jwt[1].claimValidationRules[0].requiredValue: may not be specified when expression is set',
    "jwt[1].claimValidationRules[1]: claim and expression can't both be set",
    'jwt[1].userValidationRules[0].expression: Invalid value: "user.name.startsWith(": compilation failed:',
    'jwt[1].userValidationRules[1].expression: Invalid value: "claims.sub == \'x\'": compilation failed: Unknown variable: claims',
    'jwt[2].claimMappings.username.expression: claims.email_verified must be used in claimMappings.username.expression',
  ]) {
    assert.ok(msg.includes(want), `missing ${JSON.stringify(want)} in ${msg}`);
  }
});

test('duplicate issuers, bad CA data, anonymous conditions while disabled, wrong kind', () => {
  const dup = problems(`jwt:
- issuer: {url: "https://i", audiences: [a], certificateAuthority: "not a pem"}
  claimMappings: {username: {claim: sub, prefix: ""}}
- issuer: {url: "https://i", audiences: [a]}
  claimMappings: {username: {claim: sub, prefix: ""}}
`);
  assert.match(dup, /jwt\[1\]\.issuer\.url: Duplicate value/);
  assert.match(dup, /jwt\[0\]\.issuer\.certificateAuthority: certificateAuthority: no certificates found/);
  assert.match(problems('anonymous: {enabled: false, conditions: [{path: /x}]}\n'), /enabled should be set to true when conditions are defined/);
  assert.match(parseFails('apiVersion: v1\nkind: Config\n'), /apiVersion: want apiserver.config.orch.io\/v1.*kind: want AuthenticationConfiguration/);
  assert.match(parseFails('jwt: [\n'), /--authentication-config f.yaml:/);
});

function parseFails(text: string): string {
  try {
    parseAuthenticationConfiguration('f.yaml', text);
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail('accepted');
}
