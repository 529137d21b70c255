// `npm run bench`: runs each benchmark in turn (they are heavy; never in parallel) and prints its table.
import { formatFigures, type Figures } from './figures';
import { benchHashing } from './hashing';

const benches: Array<() => Promise<Figures>> = [benchHashing];

for (const bench of benches) {
  const figures = await bench();
  console.log(`${formatFigures(figures)}\n`);
}
