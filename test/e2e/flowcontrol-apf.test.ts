// API Priority and Fairness against the real server: the bootstrap configuration and its
// reconciliation, classification seen in the X-Kubernetes-PF-* headers, queuing and 429s at a
// tiny priority level while other levels go on, Dangling schemas, the debug dumps, metrics, and
// the max-in-flight filter back when the feature is off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FlagValues } from '../../src/options/flag.ts';
import type { Handler } from '../../src/component-base/serving/request-context.ts';
import { composeApiserver } from '../../src/cmd/apiserver/compose.ts';
import { kubectlFor, kubectlSkip } from '../support/kubectl.ts';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver, type TestResponse } from '../support/apiserver.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';

const TOKENS = {
  admin: 'admin-token',
  node: 'node-token',
  alice: 'alice-token',
  slow: 'slow-token',
};
const FC = '/apis/flowcontrol.apiserver.orch.io/v1';

/** A handler the test holds open until it lets go. */
function gate() {
  let waiting: (() => void)[] = [];
  const handler: Handler = async (_req, res) => {
    await new Promise<void>((r) => waiting.push(r));
    res.statusCode = 200;
    res.setHeader('content-type', 'text/plain');
    res.end('slow done');
  };
  return {
    handler,
    held: () => waiting.length,
    releaseAll() {
      const w = waiting;
      waiting = [];
      w.forEach((r) => r());
    },
  };
}

interface ApfServer extends TestApiserver {
  call(token: string | undefined, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  gate: ReturnType<typeof gate>;
  stopAll(): Promise<void>;
}

async function startApfServer(values: FlagValues): Promise<ApfServer> {
  const dir = makeTempDir('orch-apf-');
  const tokenFile = join(dir, 'tokens.csv');
  writeFileSync(
    tokenFile,
    [
      `${TOKENS.admin},admin,admin-uid,"system:masters"`,
      `${TOKENS.node},system:node:n1,n1-uid,"system:nodes"`,
      `${TOKENS.alice},alice,alice-uid,`,
      `${TOKENS.slow},slowpoke,slow-uid,"slow-users"`,
    ].join('\n') + '\n',
  );
  const all = { 'data-dir': join(dir, 'data'), 'token-auth-file': tokenFile, ...values } as FlagValues;
  // Reconciled every 200 ms, so the tests see a changed bootstrap object restored quickly.
  const composed = await composeApiserver(apiserverOptions(all), { flowControlBootstrapIntervalMs: 200 });
  const g = gate();
  const server = await startTestApiserver(all, {
    ...composed.serverDeps,
    nonResourcePaths: [
      ...composed.serverDeps.nonResourcePaths,
      { path: '/test/slow', handler: g.handler },
      { path: '/test/fast', handler: (_req, res) => void res.end('fast') },
    ],
  });
  const call: ApfServer['call'] = (token, method, path, body, headers = {}) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return apiRequest(server, path, {
      method,
      token,
      headers: text === undefined ? headers : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json', ...headers },
      body: text,
    });
  };
  for (let i = 0; i < 200; i++) {
    if ((await call(TOKENS.admin, 'GET', '/readyz')).status === 200) break;
    await delay(25);
  }
  return {
    ...server,
    call,
    gate: g,
    async stopAll() {
      g.releaseAll();
      await server.stop();
      await composed.close();
    },
  };
}

async function eventually<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

let s: ApfServer;
before(async () => {
  // Three seats in all: each Limited level gets one.
  s = await startApfServer({ 'max-requests-inflight': 2, 'max-mutating-requests-inflight': 1, 'request-timeout': 4000 });
});
after(async () => {
  await s?.stopAll();
});

const uidOf = async (kind: 'flowschemas' | 'prioritylevelconfigurations', name: string) => (await s.call(TOKENS.admin, 'GET', `${FC}/${kind}/${name}`)).json().metadata.uid as string;

test('the mandatory and suggested configuration is created, with kubectl columns', async () => {
  const wantFS = ['catch-all', 'endpoint-controller', 'exempt', 'global-default', 'orch-controller-manager', 'orch-scheduler', 'orch-system-service-accounts', 'probes', 'service-accounts', 'system-leader-election', 'system-node-high', 'system-nodes', 'workload-leader-election'];
  const wantPL = ['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low'];
  const names = await eventually('bootstrap objects', async () => {
    const fs = (await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas`)).json().items.map((o: any) => o.metadata.name).sort();
    return fs.length === wantFS.length ? fs : undefined;
  });
  assert.deepEqual(names, wantFS);
  const pls = (await s.call(TOKENS.admin, 'GET', `${FC}/prioritylevelconfigurations`)).json().items;
  assert.deepEqual(pls.map((o: any) => o.metadata.name).sort(), wantPL);
  const exempt = pls.find((p: any) => p.metadata.name === 'exempt');
  assert.deepEqual(exempt.spec, { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } });
  assert.equal(exempt.metadata.annotations['apf.orch.io/autoupdate-spec'], 'true');

  const table = (await s.call(TOKENS.admin, 'GET', `${FC}/prioritylevelconfigurations/workload-low`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' })).json();
  assert.deepEqual(table.columnDefinitions.map((c: any) => c.name), ['Name', 'Type', 'NominalConcurrencyShares', 'Queues', 'HandSize', 'QueueLengthLimit', 'Age']);
  assert.deepEqual(table.rows[0].cells.slice(0, 6), ['workload-low', 'Limited', 100, 128, 6, 50]);
  const fsTable = (await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas/exempt`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' })).json();
  assert.deepEqual(fsTable.columnDefinitions.map((c: any) => c.name), ['Name', 'PriorityLevel', 'MatchingPrecedence', 'DistinguisherMethod', 'Age', 'MissingPL']);
  assert.deepEqual([...fsTable.rows[0].cells.slice(0, 4), fsTable.rows[0].cells[5]], ['exempt', 'exempt', 1, '*', 'False']);
});

test('a tampered suggested schema is put back unless its autoupdate annotation is false; a mandatory level always', async () => {
  await eventually('global-default', async () => (await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas/global-default`)).status === 200);
  const patched = await s.call(TOKENS.admin, 'PATCH', `${FC}/flowschemas/global-default`, { spec: { matchingPrecedence: 9000 } });
  assert.equal(patched.status, 200, patched.body);
  assert.equal(patched.json().spec.matchingPrecedence, 9000);
  await eventually('global-default restored', async () => (await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas/global-default`)).json().spec.matchingPrecedence === 9900);

  await s.call(TOKENS.admin, 'PATCH', `${FC}/flowschemas/service-accounts`, { metadata: { annotations: { 'apf.orch.io/autoupdate-spec': 'false' } }, spec: { matchingPrecedence: 8000 } });
  await delay(600);
  assert.equal((await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas/service-accounts`)).json().spec.matchingPrecedence, 8000, 'an opted-out schema keeps its spec');

  await s.call(TOKENS.admin, 'PATCH', `${FC}/prioritylevelconfigurations/catch-all`, { metadata: { annotations: { 'apf.orch.io/autoupdate-spec': 'false' } }, spec: { limited: { nominalConcurrencyShares: 50 } } });
  await eventually('catch-all restored', async () => (await s.call(TOKENS.admin, 'GET', `${FC}/prioritylevelconfigurations/catch-all`)).json().spec.limited.nominalConcurrencyShares === 5);

  const deleted = await s.call(TOKENS.admin, 'DELETE', `${FC}/flowschemas/probes`);
  assert.equal(deleted.status, 200);
  await eventually('probes recreated', async () => (await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas/probes`)).status === 200);
});

test('requests are classified: admin exempt, node, anonymous probes, plain user global-default', async () => {
  const expectations: [string | undefined, string, string, string][] = [
    [TOKENS.admin, '/api/v1/namespaces', 'exempt', 'exempt'],
    [TOKENS.node, '/apis/coordination.orch.io/v1/namespaces/default/leases', 'system-node-high', 'node-high'],
    [TOKENS.node, '/api/v1/namespaces', 'system-nodes', 'system'],
    [undefined, '/healthz', 'probes', 'exempt'],
    [TOKENS.alice, '/api/v1/namespaces', 'global-default', 'global-default'],
  ];
  for (const [token, path, fs, pl] of expectations) {
    const fsUID = await uidOf('flowschemas', fs);
    const plUID = await uidOf('prioritylevelconfigurations', pl);
    const r = await eventually(`${path} classified to ${fs}`, async () => {
      const res = await s.call(token, 'GET', path);
      return res.headers['x-kubernetes-pf-flowschema-uid'] === fsUID ? res : undefined;
    });
    assert.equal(r.headers['x-kubernetes-pf-prioritylevel-uid'], plUID, `${path} as ${token ?? 'anonymous'}`);
  }
});

test('bad objects are refused with the fields named', async () => {
  const bad = await s.call(TOKENS.admin, 'POST', `${FC}/flowschemas`, {
    apiVersion: 'flowcontrol.apiserver.orch.io/v1',
    kind: 'FlowSchema',
    metadata: { name: 'bad' },
    spec: { priorityLevelConfiguration: { name: 'global-default' }, matchingPrecedence: 20000, distinguisherMethod: { type: 'ByGroup' }, rules: [{ subjects: [{ kind: 'User' }], resourceRules: [{ verbs: ['get', '*'], apiGroups: ['*'], resources: ['*'] }] }] },
  });
  assert.equal(bad.status, 422, bad.body);
  const fields = bad.json().details.causes.map((c: any) => c.field).sort();
  assert.deepEqual(fields, [
    'spec.distinguisherMethod.type',
    'spec.matchingPrecedence',
    'spec.rules[0].resourceRules[0].namespaces',
    'spec.rules[0].resourceRules[0].verbs',
    'spec.rules[0].subjects[0].user',
  ]);
  const badPL = await s.call(TOKENS.admin, 'POST', `${FC}/prioritylevelconfigurations`, {
    apiVersion: 'flowcontrol.apiserver.orch.io/v1',
    kind: 'PriorityLevelConfiguration',
    metadata: { name: 'bad' },
    spec: { type: 'Limited', limited: { lendablePercent: 101, limitResponse: { type: 'Queue', queuing: { queues: 4, handSize: 8 } } } },
  });
  assert.equal(badPL.status, 422, badPL.body);
  assert.match(badPL.body, /spec.limited.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive/);
  assert.match(badPL.body, /spec.limited.limitResponse.queuing.handSize: Invalid value: 8: should not be greater than queues \(4\)/);
  const defaulted = await s.call(TOKENS.admin, 'POST', `${FC}/prioritylevelconfigurations?dryRun=All`, {
    apiVersion: 'flowcontrol.apiserver.orch.io/v1',
    kind: 'PriorityLevelConfiguration',
    metadata: { name: 'defaults' },
    spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } },
  });
  assert.equal(defaulted.status, 201, defaulted.body);
  assert.deepEqual(defaulted.json().spec.limited, { nominalConcurrencyShares: 30, lendablePercent: 0, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } } });
});

test('a FlowSchema whose priority level is missing is Dangling until the level exists', async () => {
  await s.call(TOKENS.admin, 'POST', `${FC}/flowschemas`, {
    apiVersion: 'flowcontrol.apiserver.orch.io/v1',
    kind: 'FlowSchema',
    metadata: { name: 'orphan' },
    spec: { priorityLevelConfiguration: { name: 'nowhere' }, matchingPrecedence: 300, rules: [{ subjects: [{ kind: 'User', user: { name: 'alice' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] }] },
  });
  const cond = await eventually('Dangling', async () => (await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas/orphan`)).json().status?.conditions?.find((c: any) => c.type === 'Dangling'));
  assert.equal(cond.status, 'True');
  assert.equal(cond.reason, 'NotFound');
  assert.equal(cond.message, 'This FlowSchema references the PriorityLevelConfiguration object named "nowhere" but there is no such object');
  // A dangling schema matches nothing: alice stays at global-default.
  const r = await s.call(TOKENS.alice, 'GET', '/version');
  assert.equal(r.headers['x-kubernetes-pf-flowschema-uid'], await uidOf('flowschemas', 'global-default'));

  await s.call(TOKENS.admin, 'POST', `${FC}/prioritylevelconfigurations`, {
    apiVersion: 'flowcontrol.apiserver.orch.io/v1',
    kind: 'PriorityLevelConfiguration',
    metadata: { name: 'nowhere' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Reject' } } },
  });
  await eventually('not Dangling', async () => (await s.call(TOKENS.admin, 'GET', `${FC}/flowschemas/orphan`)).json().status.conditions.find((c: any) => c.type === 'Dangling' && c.status === 'False' && c.reason === 'Found'));
  await s.call(TOKENS.admin, 'DELETE', `${FC}/flowschemas/orphan`);
  await s.call(TOKENS.admin, 'DELETE', `${FC}/prioritylevelconfigurations/nowhere`);
});

async function metric(line: RegExp): Promise<number | undefined> {
  const text = (await s.call(TOKENS.admin, 'GET', '/metrics')).body;
  const m = text.split('\n').find((l) => line.test(l));
  return m === undefined ? undefined : Number(m.split(' ').pop());
}

test('a one-seat level queues, then rejects with 429, while another level goes on', async () => {
  await s.call(TOKENS.admin, 'POST', `${FC}/prioritylevelconfigurations`, {
    apiVersion: 'flowcontrol.apiserver.orch.io/v1',
    kind: 'PriorityLevelConfiguration',
    metadata: { name: 'tiny' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, lendablePercent: 0, borrowingLimitPercent: 0, limitResponse: { type: 'Queue', queuing: { queues: 1, handSize: 1, queueLengthLimit: 1 } } } },
  });
  await s.call(TOKENS.admin, 'POST', `${FC}/flowschemas`, {
    apiVersion: 'flowcontrol.apiserver.orch.io/v1',
    kind: 'FlowSchema',
    metadata: { name: 'slow' },
    spec: {
      priorityLevelConfiguration: { name: 'tiny' },
      matchingPrecedence: 300,
      distinguisherMethod: { type: 'ByUser' },
      rules: [{ subjects: [{ kind: 'Group', group: { name: 'slow-users' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/test/*'] }], resourceRules: [{ verbs: ['watch', 'list'], apiGroups: [''], resources: ['configmaps'], namespaces: ['*'] }] }],
    },
  });
  const tinyUID = await uidOf('prioritylevelconfigurations', 'tiny');
  await eventually('slow schema in effect', async () => (await s.call(TOKENS.slow, 'GET', '/test/fast')).headers['x-kubernetes-pf-prioritylevel-uid'] === tinyUID);

  const first = s.call(TOKENS.slow, 'GET', '/test/slow');
  await eventually('first executing', async () => s.gate.held() === 1);
  const second = s.call(TOKENS.slow, 'GET', '/test/slow');
  await eventually('second queued', async () => (await metric(/^apiserver_flowcontrol_current_inqueue_requests\{priority_level="tiny",flow_schema="slow"\}/)) === 1);
  const dump = (await s.call(TOKENS.admin, 'GET', '/debug/api_priority_and_fairness/dump_priority_levels')).body;
  assert.match(dump.split('\n')[0]!, /^PriorityLevelName, +ActiveQueues, +IsIdle, +IsQuiescing, +WaitingRequests, +ExecutingRequests, +DispatchedRequests, +RejectedRequests, +TimedoutRequests, +CancelledRequests$/);
  assert.match(dump, /\ntiny, +1, +false, +false, +1, +1, /);
  assert.match(dump, /\nexempt, +<none>, +<none>/);
  const queues = (await s.call(TOKENS.admin, 'GET', '/debug/api_priority_and_fairness/dump_queues')).body;
  assert.match(queues, /\ntiny, +0, +1, +1, +1, /);

  const third = await s.call(TOKENS.slow, 'GET', '/test/slow');
  assert.equal(third.status, 429);
  assert.equal(third.headers['retry-after'], '1');
  assert.equal(third.json().message, 'Too many requests, please try again later.');
  assert.equal(third.headers['x-kubernetes-pf-prioritylevel-uid'], tinyUID);

  // Fair isolation: another level's requests are served meanwhile.
  const other = await s.call(TOKENS.alice, 'GET', '/api/v1/namespaces');
  assert.equal(other.status, 200);

  s.gate.releaseAll();
  assert.equal((await first).status, 200);
  await eventually('second executing', async () => s.gate.held() === 1);
  s.gate.releaseAll();
  assert.equal((await second).status, 200);
  assert.equal(await metric(/^apiserver_flowcontrol_rejected_requests_total\{priority_level="tiny",flow_schema="slow",reason="queue-full"\}/), 1);
  assert.ok((await metric(/^apiserver_flowcontrol_dispatched_requests_total\{priority_level="tiny",flow_schema="slow"\}/))! >= 3);
  assert.ok((await metric(/^apiserver_flowcontrol_request_wait_duration_seconds_count\{priority_level="tiny",flow_schema="slow",execute="true"\}/))! >= 1);
});

test('a queued request waiting past a quarter of --request-timeout gets 429', async () => {
  const first = s.call(TOKENS.slow, 'GET', '/test/slow');
  await eventually('first executing', async () => s.gate.held() === 1);
  const started = Date.now();
  const second = await s.call(TOKENS.slow, 'GET', '/test/slow');
  const waited = Date.now() - started;
  assert.equal(second.status, 429);
  assert.ok(waited >= 900 && waited < 3000, `waited ${waited} ms`);
  s.gate.releaseAll();
  assert.equal((await first).status, 200);
  assert.equal(await metric(/^apiserver_flowcontrol_rejected_requests_total\{priority_level="tiny",flow_schema="slow",reason="time-out"\}/), 1);
});

test('a watch holds its seat only until it streams', async () => {
  const ac = new AbortController();
  const { request } = await import('node:https');
  const { readFileSync } = await import('node:fs');
  const watchStarted = new Promise<number>((resolve, reject) => {
    const req = request(new URL('/api/v1/namespaces/default/configmaps?watch=true', s.url), { headers: { authorization: `Bearer ${TOKENS.slow}` }, ca: readFileSync(s.caFile), agent: false, signal: ac.signal }, (res) => resolve(res.statusCode ?? 0));
    req.on('error', (e) => (ac.signal.aborted ? undefined : reject(e)));
    req.end();
  });
  assert.equal(await watchStarted, 200);
  // The watch still runs, yet the level's only seat is free again.
  const r = await s.call(TOKENS.slow, 'GET', '/test/fast');
  assert.equal(r.status, 200);
  ac.abort();
});

test('the debug dumps need an authenticated user', async () => {
  const r = await s.call('not-a-token', 'GET', '/debug/api_priority_and_fairness/dump_priority_levels');
  assert.equal(r.status, 401);
});

test('--enable-priority-and-fairness=false brings back the max-in-flight filter', async () => {
  const off = await startApfServer({ 'enable-priority-and-fairness': false, 'max-requests-inflight': 1, 'max-mutating-requests-inflight': 1 });
  try {
    const held = off.call(TOKENS.alice, 'GET', '/test/slow');
    await eventually('held', async () => off.gate.held() === 1);
    const second = await off.call(TOKENS.alice, 'GET', '/test/fast');
    assert.equal(second.status, 429);
    assert.equal(second.headers['x-kubernetes-pf-flowschema-uid'], undefined);
    off.gate.releaseAll();
    const first = await held;
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-kubernetes-pf-flowschema-uid'], undefined);
    // The API is served, but nothing is bootstrapped.
    assert.deepEqual((await off.call(TOKENS.admin, 'GET', `${FC}/flowschemas`)).json().items, []);
  } finally {
    await off.stopAll();
  }
});

test('kubectl lists flow schemas and priority levels with their columns', { skip: kubectlSkip }, async () => {
  const k = kubectlFor({ url: s.url, caFile: s.caFile, token: TOKENS.admin });
  try {
    const fs = await k.run(['get', 'flowschemas']);
    assert.equal(fs.code, 0, fs.stderr);
    const [header, ...rows] = fs.stdout.trim().split('\n');
    assert.match(header!, /^NAME +PRIORITYLEVEL +MATCHINGPRECEDENCE +DISTINGUISHERMETHOD +AGE +MISSINGPL$/);
    assert.ok(rows.some((r) => /^exempt +exempt +1 +\* +\S+ +False$/.test(r)), fs.stdout);
    assert.ok(rows.some((r) => /^global-default +global-default +9900 +ByUser +\S+ +False$/.test(r)), fs.stdout);
    const pl = await k.run(['get', 'prioritylevelconfigurations', 'exempt', 'catch-all']);
    assert.equal(pl.code, 0, pl.stderr);
    assert.match(pl.stdout, /^NAME +TYPE +NOMINALCONCURRENCYSHARES +QUEUES +HANDSIZE +QUEUELENGTHLIMIT +AGE\n/);
    assert.match(pl.stdout, /\nexempt +Exempt +<none> +<none> +<none> +<none> +\S+\n/);
    assert.match(pl.stdout, /\ncatch-all +Limited +5 +<none> +<none> +<none> +\S+\n/);
  } finally {
    k.close();
  }
});
