// The audit log file with rotation as lumberjack (which Kubernetes uses) does it: a write that
// would pass maxsize first moves the file to `<name>-<UTC time>.<ext>`, then old files beyond
// maxbackup or older than maxage days are removed and the rest gzipped when compress is on.
import { closeSync, createReadStream, createWriteStream, fstatSync, mkdirSync, openSync, readdirSync, renameSync, existsSync, unlinkSync, writeSync, statSync, chmodSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { klog } from '../../component-base/logs/klog.ts';

const log = klog('audit/rotating-file');

const MEGABYTE = 1024 * 1024;
/** lumberjack's size when none is given. */
const DEFAULT_MAX_SIZE_MB = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RotationOptions {
  /** Megabytes before rotation; 0 means lumberjack's default of 100. */
  maxSizeMB: number;
  /** Days to keep rotated files; 0 keeps them regardless of age. */
  maxAgeDays: number;
  /** Rotated files to keep; 0 keeps all. */
  maxBackups: number;
  compress: boolean;
  /** The clock, for tests and for names of rotated files. */
  now?: () => number;
}

/** `2026-11-22T05-10-00.000`: Go's "2006-01-02T15-04-05.000" in UTC. */
export function backupTimestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23).replace(/:/g, '-');
}

function parseBackupTimestamp(text: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})$/.exec(text);
  if (!m) return undefined;
  const t = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(t) ? undefined : t;
}

/** Creates the file (and its directory) up front so a bad path fails at start-up, as Kubernetes does. */
export function ensureLogFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
}

export class RotatingFile {
  readonly path: string;
  readonly #opts: Required<RotationOptions>;
  readonly #maxBytes: number;
  #fd: number | undefined;
  #size = 0;
  #milling: Promise<void> | undefined;
  #millAgain = false;

  constructor(path: string, opts: RotationOptions) {
    this.path = path;
    this.#opts = { now: Date.now, ...opts };
    this.#maxBytes = (opts.maxSizeMB > 0 ? opts.maxSizeMB : DEFAULT_MAX_SIZE_MB) * MEGABYTE;
  }

  /** Appends `text` synchronously; throws when it cannot be written. */
  write(text: string): void {
    const buf = Buffer.from(text);
    const bytes = buf.length;
    if (bytes > this.#maxBytes) throw new Error(`write length ${bytes} exceeds maximum file size ${this.#maxBytes}`);
    if (this.#fd === undefined) this.#openExistingOrNew(bytes);
    else if (this.#size + bytes > this.#maxBytes) this.#rotate();
    let off = 0;
    while (off < buf.length) off += writeSync(this.#fd!, buf, off);
    this.#size += bytes;
  }

  /** Resolves when removing and compressing rotated files is done. */
  async idle(): Promise<void> {
    while (this.#milling) await this.#milling;
  }

  async close(): Promise<void> {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    await this.idle();
  }

  #openExistingOrNew(bytes: number): void {
    let size: number;
    try {
      size = statSync(this.path).size;
    } catch {
      this.#openNew();
      return;
    }
    if (size + bytes >= this.#maxBytes) {
      this.#rotate();
      return;
    }
    this.#fd = openSync(this.path, 'a');
    this.#size = fstatSync(this.#fd).isFile() ? size : 0;
  }

  #openNew(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    let mode = 0o600;
    if (existsSync(this.path)) {
      mode = statSync(this.path).mode & 0o777;
      renameSync(this.path, this.#backupName());
    }
    this.#fd = openSync(this.path, 'w', mode);
    chmodSync(this.path, mode);
    this.#size = 0;
  }

  #rotate(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#openNew();
    this.#mill();
  }

  /** A rotated name not yet taken: rotations within one millisecond move the stamp on. */
  #backupName(): string {
    const ext = extname(this.path);
    const prefix = basename(this.path, ext);
    for (let t = this.#opts.now(); ; t++) {
      const name = join(dirname(this.path), `${prefix}-${backupTimestamp(t)}${ext}`);
      if (!existsSync(name) && !existsSync(`${name}.gz`)) return name;
    }
  }

  #mill(): void {
    if (this.#opts.maxBackups === 0 && this.#opts.maxAgeDays === 0 && !this.#opts.compress) return;
    if (this.#milling) {
      this.#millAgain = true;
      return;
    }
    this.#milling = (async () => {
      do {
        this.#millAgain = false;
        try {
          await this.#millOnce();
        } catch (err) {
          log.error('Failed to clean up rotated audit log files', { err: (err as Error).message });
        }
      } while (this.#millAgain);
      this.#milling = undefined;
    })();
  }

  /** Rotated files, newest first. */
  #backups(): Array<{ path: string; time: number; compressed: boolean }> {
    const dir = dirname(this.path);
    const ext = extname(this.path);
    const prefix = `${basename(this.path, ext)}-`;
    const out: Array<{ path: string; time: number; compressed: boolean }> = [];
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(prefix)) continue;
      const compressed = name.endsWith(`${ext}.gz`);
      const suffix = compressed ? `${ext}.gz` : ext;
      if (!name.endsWith(suffix)) continue;
      const time = parseBackupTimestamp(name.slice(prefix.length, name.length - suffix.length));
      if (time !== undefined) out.push({ path: join(dir, name), time, compressed });
    }
    return out.sort((a, b) => b.time - a.time);
  }

  async #millOnce(): Promise<void> {
    let files = this.#backups();
    const remove: string[] = [];
    if (this.#opts.maxBackups > 0 && files.length > this.#opts.maxBackups) {
      // A file and its compressed twin count once.
      const kept = new Set<number>();
      files = files.filter((f) => {
        if (kept.has(f.time) || kept.size < this.#opts.maxBackups) {
          kept.add(f.time);
          return true;
        }
        remove.push(f.path);
        return false;
      });
    }
    if (this.#opts.maxAgeDays > 0) {
      const cutoff = this.#opts.now() - this.#opts.maxAgeDays * DAY_MS;
      files = files.filter((f) => {
        if (f.time >= cutoff) return true;
        remove.push(f.path);
        return false;
      });
    }
    for (const path of remove) unlinkSync(path);
    if (!this.#opts.compress) return;
    for (const f of files) {
      if (f.compressed || existsSync(`${f.path}.gz`)) continue;
      await pipeline(createReadStream(f.path), process.getBuiltinModule('node:zlib').createGzip(), createWriteStream(`${f.path}.gz`, { mode: statSync(f.path).mode & 0o777 }));
      unlinkSync(f.path);
    }
  }
}
