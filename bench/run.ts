// `npm run bench`: runs each benchmark in turn (they are heavy; never in parallel) and prints its table.
// `npm run bench -- watcher store` runs only the named ones.
import {
  benchBatches,
  benchOutputs,
  benchProfileRuntimes,
  benchStoreThroughput,
  benchWatcherBudget,
} from './coreBenches';
import { formatFigures, type Figures } from './figures';
import { benchBatchSending } from './batchSend';
import { benchHashing } from './hashing';
import { benchThumbs } from './core/libraryKeepBench';
import { benchKeep } from './core/keepBench';
import { benchSheet } from './core/sheetBench';
import { benchUi } from './ui/index';
import { benchLibrary } from './core/libraryBench';

// A bench returns one table, or one per area (ui).
const benches: Record<string, () => Promise<Figures | Figures[]>> = {
  hashing: benchHashing,
  thumbs: () => benchThumbs(),
  keep: () => benchKeep(),
  sheet: () => benchSheet(),
  watcher: benchWatcherBudget,
  store: benchStoreThroughput,
  outputs: benchOutputs,
  profiles: benchProfileRuntimes,
  library: benchLibrary,
  batches: async () => {
    const list = await benchBatches();
    const sending = await benchBatchSending();
    // The Batches screen with 1,000 items, in Chromium (the ui bench's batch area, with the thumbnails).
    const screens = await benchUi({ only: ['batch'] });
    return [
      {
        ...sending,
        title: sending.title,
        figures: [
          ...sending.figures,
          ...list.figures.map((f) => ({ ...f, name: `batches.list: ${f.name}` })),
        ],
        notes: [...sending.notes, ...list.notes],
      },
      ...screens,
    ];
  },
  // The compare view of four 4K pictures, open → painted (the ui bench's compare area, alone).
  compare: () => benchUi({ only: ['compare'] }),
  // The Library screen over 100,000 entries in Chromium (the ui bench's library area) alone.
  'library-ui': () => benchUi({ only: ['library'] }),
  // Without the areas measured by `batches`, `compare` or `library-ui` when those run too.
  ui: () =>
    benchUi({
      skip: [
        ...(runs('batches') ? ['batch'] : []),
        ...(runs('compare') ? ['compare'] : []),
        ...(runs('library-ui') ? ['library'] : []),
      ],
    }),
};

const chosen = process.argv.slice(2);
function runs(name: string): boolean {
  return chosen.length === 0 || chosen.includes(name);
}
for (const name of chosen) {
  if (!(name in benches)) {
    console.error(`Unknown benchmark "${name}". Choose from: ${Object.keys(benches).join(', ')}.`);
    process.exit(2);
  }
}
for (const [name, bench] of Object.entries(benches)) {
  if (!runs(name)) continue;
  const result = await bench();
  for (const figures of Array.isArray(result) ? result : [result]) console.log(`${formatFigures(figures)}\n`);
}
