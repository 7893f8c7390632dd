// --help text: the description, usage, then each group's flags in the table's group order,
// in pflag's layout (`      --name type   help (default x)`), help wrapped to the terminal width.
import type { FlagSpec } from './flag.ts';

const WIDTH = 100;

export function formatHelp(command: string, description: string, table: readonly FlagSpec[], groupOrder: string[]): string {
  const groups = [...groupOrder, ...new Set(table.map((f) => f.group).filter((g) => !groupOrder.includes(g)))];
  const sections: string[] = [`${wrap(description, WIDTH, '', '')}\n`, `Usage:\n  ${command} [flags]\n`];
  for (const group of groups) {
    const flags = table.filter((f) => f.group === group);
    if (flags.length === 0) continue;
    sections.push(`${group}:\n\n${formatGroup(flags)}`);
  }
  return sections.join('\n');
}

function formatGroup(flags: readonly FlagSpec[]): string {
  const heads = flags.map(flagHead);
  // One help column per group, as pflag aligns a flag set; a name too long for it gets its own line.
  const column = Math.min(Math.max(...heads.map((h) => h.length)) + 3, 44);
  const indent = ' '.repeat(column);
  return flags
    .map((flag, i) => {
      const head = heads[i]!;
      const text = describe(flag);
      if (head.length + 3 > column) return `${head}\n${wrap(text, WIDTH, indent, indent)}\n`;
      return `${wrap(text, WIDTH, indent, head.padEnd(column))}\n`;
    })
    .join('');
}

function flagHead(flag: FlagSpec): string {
  const name = flag.short ? `  -${flag.short}, --${flag.name}` : `      --${flag.name}`;
  const typeName = flag.valueName ?? (flag.type === 'bool' ? '' : flag.type === 'map' ? 'mapStringString' : flag.type);
  return typeName ? `${name} ${typeName}` : name;
}

function describe(flag: FlagSpec): string {
  let text = flag.help;
  const shown = shownDefault(flag);
  if (shown !== undefined) text += ` (default ${shown})`;
  if (flag.deprecated) text += ` (DEPRECATED: ${flag.deprecated})`;
  return text;
}

// pflag leaves out zero defaults (false, 0, "", empty lists).
function shownDefault(flag: FlagSpec): string | undefined {
  const d = flag.default;
  if (d === undefined || d === '' || flag.optionalValue !== undefined) return undefined;
  if (flag.type === 'bool' && d === 'false') return undefined;
  if ((flag.type === 'int' || flag.type === 'float' || flag.type === 'quantity') && d === '0') return undefined;
  if (flag.type === 'duration' && d === '0s') return undefined;
  if (flag.type === 'string') return JSON.stringify(d);
  if (flag.type === 'strings') return `[${d}]`;
  return d;
}

/** Wraps text to width after a literal prefix; later lines (and each newline in the text) start with `indent`. */
function wrap(text: string, width: number, indent: string, prefix = indent): string {
  const out: string[] = [];
  text.split('\n').forEach((paragraph, p) => {
    let line = p === 0 ? prefix : indent;
    let empty = true;
    for (const word of paragraph.split(' ').filter((w) => w !== '')) {
      if (!empty && line.length + 1 + word.length > width) {
        out.push(line);
        line = indent + word;
      } else {
        line += empty ? word : ` ${word}`;
      }
      empty = false;
    }
    out.push(line);
  });
  return out.map((l) => l.trimEnd()).join('\n');
}
