// SIGTERM and SIGINT begin graceful shutdown; a second signal exits at once, as Kubernetes does.
import type { ApiServer } from './server.ts';

export function installShutdownSignals(server: Pick<ApiServer, 'shutdown'>, onSecondSignal: () => void = () => process.exit(1)): () => void {
  let received = false;
  const handler = () => {
    if (received) {
      onSecondSignal();
      return;
    }
    received = true;
    void server.shutdown();
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  return () => {
    process.off('SIGTERM', handler);
    process.off('SIGINT', handler);
  };
}
