import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CelAuthorizer, CelCompiler, CelCompileError, celActivation, evaluateCel } from './index.ts';
import { rewriteMessageLiterals } from './message-literals.ts';
import type { Attributes, Authorizer } from '../authorization/types.ts';

const compiler = new CelCompiler({ object: 'dyn', authorizer: 'Authorizer' });

test('JSON integers are CEL ints, so arithmetic with int literals works', async () => {
  const act = celActivation({ object: { spec: { replicas: 3, ratio: 0.5 } }, authorizer: new CelAuthorizer({ authorizer: undefined, user: { name: 'u', groups: [] } }) });
  assert.equal(await evaluateCel(compiler, 'object.spec.replicas * 2 + 1', act), 7);
  assert.equal(await evaluateCel(compiler, 'object.spec.ratio < 1.0', act), true);
});

test('compile errors and unknown variables are reported, not thrown', () => {
  assert.ok(compiler.compile('object.spec +') instanceof CelCompileError);
  const unknown = compiler.compile('params.x == 1');
  assert.ok(unknown instanceof CelCompileError);
});

test('Kubernetes list library and jsonpatch.escapeKey', async () => {
  const act = celActivation({ object: { l: [3, 1, 2] } });
  assert.equal(await evaluateCel(compiler, 'object.l.sum()', act), 6);
  assert.equal(await evaluateCel(compiler, 'object.l.max()', act), 3);
  assert.equal(await evaluateCel(compiler, 'object.l.isSorted()', act), false);
  assert.equal(await evaluateCel(compiler, 'object.l.indexOf(2)', act), 2);
  assert.equal(await evaluateCel(compiler, 'jsonpatch.escapeKey("a/b~c")', act), 'a~1b~0c');
});

test('message literals become maps; strings are left alone', async () => {
  assert.equal(rewriteMessageLiterals('Object{metadata: Object.metadata{labels: {"x": "Object{a: b}"}}}'), '{"metadata": {"labels": {"x": "Object{a: b}"}}}');
  const act = celActivation({ object: {} });
  assert.deepEqual(await evaluateCel(compiler, '[JSONPatch{op: "add", path: "/a", value: size([1, 2])}]', act), [{ op: 'add', path: '/a', value: 2 }]);
});

test('the authorizer library asks the server authorizer for the request user', async () => {
  const seen: Attributes[] = [];
  const authz: Authorizer = {
    authorize: async (a) => {
      seen.push(a);
      return a.verb === 'get' || a.user.name.startsWith('system:serviceaccount:') ? { decision: 'allow', reason: 'ok' } : { decision: 'noOpinion', reason: 'no rule' };
    },
  };
  const act = { authorizer: new CelAuthorizer({ authorizer: authz, user: { name: 'alice', groups: ['g'] } }), object: null };
  assert.equal(await evaluateCel(compiler, 'authorizer.group("apps").resource("deployments").namespace("ns").name("d").check("get").allowed()', act), true);
  assert.deepEqual(
    { user: seen[0]!.user.name, group: seen[0]!.apiGroup, resource: seen[0]!.resource, ns: seen[0]!.namespace, name: seen[0]!.name, res: seen[0]!.isResourceRequest },
    { user: 'alice', group: 'apps', resource: 'deployments', ns: 'ns', name: 'd', res: true },
  );
  assert.equal(await evaluateCel(compiler, 'authorizer.path("/healthz").check("post").allowed()', act), false);
  assert.equal(await evaluateCel(compiler, 'authorizer.path("/healthz").check("post").reason()', act), 'no rule');
  assert.equal(seen[1]!.path, '/healthz');
  assert.equal(await evaluateCel(compiler, 'authorizer.serviceAccount("ns", "sa").group("").resource("pods").check("delete").allowed()', act), true);
  assert.equal(seen[3]!.user.name, 'system:serviceaccount:ns:sa');
  const none = { authorizer: new CelAuthorizer({ authorizer: undefined, user: { name: 'a', groups: [] } }), object: null };
  assert.equal(await evaluateCel(compiler, 'authorizer.path("/x").check("get").errored()', none), true);
});

test('regular expressions are RE2: linear in the input, with find and findAll', async () => {
  const { CelCompiler, evaluateCelSync, celActivation } = await import('./environment.ts');
  const c = new CelCompiler({ s: 'string' });
  // Under a backtracking engine this would take hours: (a+)+ against forty a's and a mismatch.
  assert.equal(evaluateCelSync(c, "s.matches('^(a+)+$')", celActivation({ s: 'a'.repeat(40) + '!' })), false);
  assert.equal(evaluateCelSync(c, "matches(s, '^a+!$')", celActivation({ s: 'aaa!' })), true);
  assert.equal(evaluateCelSync(c, "s.find('[0-9]+')", celActivation({ s: 'abc 123 45' })), '123');
  assert.deepEqual(evaluateCelSync(c, "s.findAll('[0-9]+')", celActivation({ s: 'abc 123 45' })), ['123', '45']);
  assert.deepEqual(evaluateCelSync(c, "s.findAll('[0-9]+', 1)", celActivation({ s: 'abc 123 45' })), ['123']);
  // A string that mentions matches( is left as it is.
  assert.equal(evaluateCelSync(c, "'x.matches(y)' + s", celActivation({ s: '!' })), 'x.matches(y)!');
});
