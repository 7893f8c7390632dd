// The encryption configuration a server runs with: loaded once at start-up (a bad file stops the
// start), and with automatic reload, polled for changes. A changed file that fails to parse is
// logged and the running configuration kept, as Kubernetes keeps its last good one. Stores hold a
// transformer that always delegates to the current configuration, so a reload takes effect on the
// next read or write without rebuilding them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { klog } from '../../component-base/logs/klog.ts';
import { parseEncryptionConfig, type EncryptionConfig } from './encryption-config.ts';
import type { ValueTransformer } from './transformer.ts';

const log = klog('storage/encryption-config');

export interface EncryptionConfigSource {
  current(): EncryptionConfig;
  /** A transformer that follows reloads. */
  transformerFor(gr: { group: string; resource: string }): ValueTransformer;
  /** Successful reloads so far (for tests and metrics). */
  reloads(): number;
  stop(): void;
}

export interface EncryptionConfigSourceOptions {
  automaticReload: boolean;
  /** How often the file is checked (default 1 s; Kubernetes checks every minute and on file events). */
  pollIntervalMs?: number;
}

function readConfig(file: string): { text: string; hash: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`--encryption-provider-config ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return { text, hash: createHash('sha256').update(text).digest('hex') };
}

/** Loads the file (throws a one-line Error when it is unreadable or invalid) and optionally watches it. */
export function loadEncryptionConfig(file: string, opts: EncryptionConfigSourceOptions): EncryptionConfigSource {
  const first = readConfig(file);
  let config = parseEncryptionConfig(first.text, `--encryption-provider-config ${file}`);
  let hash = first.hash;
  let reloads = 0;
  log.info('Loaded encryption configuration', { file, rules: config.rules.map((r) => `${r.resources.map((x) => x.text).join(',')}=${r.providers.join(',')}`).join(' ') }, 1);

  const check = () => {
    let next: { text: string; hash: string };
    try {
      next = readConfig(file);
    } catch (err) {
      log.error('Cannot read the encryption configuration; keeping the current one', { err: (err as Error).message });
      return;
    }
    if (next.hash === hash) return;
    hash = next.hash;
    try {
      config = parseEncryptionConfig(next.text, `--encryption-provider-config ${file}`);
      reloads++;
      log.info('Reloaded encryption configuration', { file });
    } catch (err) {
      log.error('Invalid encryption configuration; keeping the current one', { err: (err as Error).message });
    }
  };
  const timer = opts.automaticReload ? setInterval(check, opts.pollIntervalMs ?? 1000) : undefined;
  timer?.unref();

  return {
    current: () => config,
    transformerFor(gr) {
      return {
        toStorage: (data, ad) => config.transformerFor(gr).toStorage(data, ad),
        fromStorage: (stored, ad) => config.transformerFor(gr).fromStorage(stored, ad),
      };
    },
    reloads: () => reloads,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
