// docs/flags.md, generated from a flag table: per group, each flag's name, type, default and
// implementation status.
import type { FlagSpec } from './flag.ts';

export function formatFlagsDoc(title: string, intro: string, table: readonly FlagSpec[], groupOrder: readonly string[]): string {
  const lines = [`# ${title}`, '', intro, '', 'Generated from the option table by `npm run docs:flags`; do not edit by hand.', ''];
  const counts = { implemented: 0, partial: 0, 'not-yet': 0 };
  for (const flag of table) counts[flag.status]++;
  lines.push(`${table.length} options: ${counts.implemented} implemented, ${counts.partial} partial, ${counts['not-yet']} not yet.`, '');
  for (const group of groupOrder) {
    const flags = table.filter((f) => f.group === group);
    if (flags.length === 0) continue;
    lines.push(`## ${group}`, '', '| Option | Type | Default | Status | Note |', '|---|---|---|---|---|');
    for (const flag of flags) {
      const name = flag.short ? `-${flag.short}, --${flag.name}` : `--${flag.name}`;
      const type = `${flag.valueName ?? flag.type}${flag.repeatable ? ', repeatable' : ''}`;
      const status = flag.status === 'not-yet' ? 'not yet' : flag.status;
      const note = [flag.statusNote, flag.deprecated ? `deprecated: ${flag.deprecated}` : undefined].filter(Boolean).join('; ');
      lines.push(`| \`${name}\` | ${cell(type)} | ${flag.default ? `\`${flag.default}\`` : ''} | ${status} | ${cell(note)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
