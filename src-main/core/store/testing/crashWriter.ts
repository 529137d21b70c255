// Test support for the crash test: writes a stream of rows into the store at argv[2] and prints one line per
// row *after* its transaction committed (`job:<id>` for a snapshot, `item:<id>` for a durable batch intent).
// The test kills this process with SIGKILL mid-stream and checks that every printed row survived.
import { writeSync } from 'node:fs';
import { openStore } from '../loupeStore';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: crashWriter <db path>');
const store = openStore(path);
if (store.profiles.get('crash') === null) {
  store.profiles.insert({
    id: 'crash',
    name: 'Crash',
    surface: 'serverless',
    baseUrl: 'http://127.0.0.1:1',
    routerBaseUrl: null,
    builtIn: null,
  });
}
store.batches.create({ id: `batch-${process.pid}`, profileId: 'crash', name: 'crash test' }, []);

// Written straight to fd 1 so a line is out of this process before the next write starts.
const say = (line: string): void => {
  writeSync(1, `${line}\n`);
};
say(`pid:${process.pid}`);

// Snapshots big enough that the WAL passes its checkpoint threshold during the run.
const padding = 'x'.repeat(12_000);
for (let i = 0; i < 200_000; i += 1) {
  if (i % 2 === 0) {
    const id = `job-${process.pid}-${i}`;
    store.jobs.upsertSnapshot('crash', { id, status: 'running', padding, i });
    say(`job:${id}`);
  } else {
    const id = `item-${process.pid}-${i}`;
    store.batchItems.recordIntent({
      id,
      batchId: `batch-${process.pid}`,
      idempotencyKey: id,
      request: { i },
    });
    say(`item:${id}`);
  }
}
store.close();
