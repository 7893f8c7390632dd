// The etcd v3 backend of the KV seam (--kvstore-servers=http(s)://...), and its health checks.
export { openEtcdKv, type EtcdKv, type EtcdKvOptions } from './etcd-kv.ts';
export { etcdHealthCheck, etcdReadyCheck, type KvHealthCheckOptions } from './health.ts';
