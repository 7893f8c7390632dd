// klog-style text logging: `I1122 05:10:00.123456   12345 module] "message" key="value"`.
// Each module takes a named logger; -v sets the global verbosity and --vmodule raises or lowers
// it per module name (glob patterns on the logger's name, as klog matches file names).

export type Severity = 'I' | 'W' | 'E';

export interface LogSink {
  write(severity: Severity, line: string): void;
}

interface LogConfig {
  verbosity: number;
  vmodule: Array<{ pattern: RegExp; level: number }>;
  sink: LogSink;
}

const stderrSink: LogSink = {
  write(_severity, line) {
    process.stderr.write(line);
  },
};

const config: LogConfig = { verbosity: 0, vmodule: [], sink: stderrSink };
const levelCache = new Map<string, number>();

/** Sets -v and --vmodule (`pattern=N,...`, `*` and `?` globs matched against logger names). */
export function configureLogging(opts: { verbosity?: number; vmodule?: string; sink?: LogSink }): void {
  if (opts.verbosity !== undefined) config.verbosity = opts.verbosity;
  if (opts.vmodule !== undefined) config.vmodule = parseVmodule(opts.vmodule);
  if (opts.sink) config.sink = opts.sink;
  levelCache.clear();
}

export function parseVmodule(spec: string): Array<{ pattern: RegExp; level: number }> {
  const out: Array<{ pattern: RegExp; level: number }> = [];
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = part.lastIndexOf('=');
    const glob = part.slice(0, eq);
    const level = Number(part.slice(eq + 1));
    if (eq <= 0 || !Number.isInteger(level) || level < 0) throw new Error(`invalid --vmodule entry ${JSON.stringify(part)}: want pattern=N`);
    const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    out.push({ pattern: new RegExp(`^${source}$`), level });
  }
  return out;
}

function levelFor(name: string): number {
  let level = levelCache.get(name);
  if (level === undefined) {
    level = config.verbosity;
    for (const rule of config.vmodule) {
      // A rule matches the whole name or its last path segment, as klog matches a file's base name.
      const base = name.slice(name.lastIndexOf('/') + 1);
      if (rule.pattern.test(name) || rule.pattern.test(base)) {
        level = rule.level;
        break;
      }
    }
    levelCache.set(name, level);
  }
  return level;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function header(severity: Severity, name: string): string {
  const d = new Date();
  const micros = pad(d.getMilliseconds() * 1000, 6);
  return `${severity}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)} ${pad(d.getHours(), 2)}:${pad(d.getMinutes(), 2)}:${pad(d.getSeconds(), 2)}.${micros} ${String(process.pid).padStart(7)} ${name}] `;
}

function formatValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.message);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return '"<unprintable>"';
  }
}

function format(severity: Severity, name: string, msg: string, kv: Record<string, unknown> | undefined): string {
  let line = header(severity, name) + JSON.stringify(msg);
  if (kv) for (const [k, v] of Object.entries(kv)) line += ` ${k}=${formatValue(v)}`;
  return line + '\n';
}

export interface Logger {
  /** True when messages at verbosity `level` are written for this logger. */
  enabled(level: number): boolean;
  /** Info at verbosity `level` (0 is always shown). */
  info(msg: string, kv?: Record<string, unknown>, level?: number): void;
  warning(msg: string, kv?: Record<string, unknown>): void;
  error(msg: string, kv?: Record<string, unknown>): void;
}

/** A logger for one module; `name` is what --vmodule patterns match, e.g. "storage/sqlite". */
export function klog(name: string): Logger {
  return {
    enabled: (level) => levelFor(name) >= level,
    info(msg, kv, level = 0) {
      if (level === 0 || levelFor(name) >= level) config.sink.write('I', format('I', name, msg, kv));
    },
    warning(msg, kv) {
      config.sink.write('W', format('W', name, msg, kv));
    },
    error(msg, kv) {
      config.sink.write('E', format('E', name, msg, kv));
    },
  };
}
