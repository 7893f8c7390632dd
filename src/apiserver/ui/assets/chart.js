// Events per minute over the last hour, stacked by type, as inline SVG. An event counts once, in
// the minute it was last seen (a series counts where its latest occurrence fell).
import { esc } from './dom.js';

const MINUTES = 60;
const WIDTH = 720;
const HEIGHT = 120;
const TYPES = ['Normal', 'Warning'];

/** Per-minute counts by type, oldest minute first, for rows seen in the hour before now. */
export function perMinute(rows, now) {
  const buckets = Array.from({ length: MINUTES }, () => ({ Normal: 0, Warning: 0, Other: 0 }));
  const start = now - MINUTES * 60_000;
  for (const row of rows) {
    if (row.lastSeen <= start || row.lastSeen > now + 60_000) continue;
    const index = Math.min(MINUTES - 1, Math.floor((row.lastSeen - start) / 60_000));
    const type = TYPES.includes(row.type) ? row.type : 'Other';
    buckets[index][type]++;
  }
  return buckets;
}

/** The chart's SVG markup. */
export function chartSvg(buckets) {
  const max = Math.max(1, ...buckets.map((b) => b.Normal + b.Warning + b.Other));
  const barWidth = WIDTH / MINUTES;
  const plot = HEIGHT - 16;
  const bars = [];
  buckets.forEach((bucket, i) => {
    let y = plot;
    const minutesAgo = MINUTES - i;
    for (const type of ['Normal', 'Other', 'Warning']) {
      const count = bucket[type];
      if (!count) continue;
      const h = Math.max(1, (count / max) * (plot - 4));
      y -= h;
      bars.push(
        `<rect class="bar-${type.toLowerCase()}" x="${(i * barWidth + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${h.toFixed(1)}">` +
          `<title>${esc(`${count} ${type} · ${minutesAgo - 1}–${minutesAgo} min ago`)}</title></rect>`,
      );
    }
  });
  return (
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Events per minute over the last hour">` +
    `<line class="axis" x1="0" y1="${plot}" x2="${WIDTH}" y2="${plot}"/>` +
    bars.join('') +
    `<text class="label" x="2" y="${HEIGHT - 2}">-60 min</text>` +
    `<text class="label" x="${WIDTH / 2}" y="${HEIGHT - 2}" text-anchor="middle">-30 min</text>` +
    `<text class="label" x="${WIDTH - 2}" y="${HEIGHT - 2}" text-anchor="end">now</text>` +
    `<text class="label" x="2" y="10">${max}/min</text>` +
    `</svg>`
  );
}
