// What every benchmark returns, and how `npm run bench` prints it: one small table per benchmark.

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The goal in words ("≥ 0.8"), when there is one. */
  target?: string;
  /** Whether the goal was met; absent for figures that only inform. */
  met?: boolean;
}

export interface Figures {
  title: string;
  figures: Figure[];
  /** How the figures were taken (file, rounds, tools), printed under the table. */
  notes: string[];
}

function formatValue(value: number): string {
  if (Number.isInteger(value)) return value.toString();
  return Math.abs(value) >= 100
    ? value.toFixed(0)
    : Math.abs(value) >= 10
      ? value.toFixed(1)
      : value.toFixed(2);
}

export function formatFigures(figures: Figures): string {
  const rows = figures.figures.map((f) => [
    f.name,
    `${formatValue(f.value)} ${f.unit}`.trim(),
    f.target ?? '',
    f.met === undefined ? '' : f.met ? 'yes' : 'NO',
  ]);
  const header = ['figure', 'value', 'target', 'met'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    `## ${figures.title}`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    ...figures.notes.map((note) => `  ${note}`),
  ].join('\n');
}
