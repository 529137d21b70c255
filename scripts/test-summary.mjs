// The last line of `npm test`: one plain summary over both runners, read from their JSON reports.
import { readFileSync } from 'node:fs';

function read(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');
if (!unit || !e2e) {
  console.error('test-summary: a runner wrote no report (reports/unit.json, reports/e2e.json)');
  process.exit(1);
}
const passed = unit.numPassedTests + (e2e.stats.expected ?? 0);
const failed = unit.numFailedTests + (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
const skipped = unit.numPendingTests + unit.numTodoTests + (e2e.stats.skipped ?? 0);
console.log(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
// The hostile-caller suite's own line of counts (tests/security), when it ran.
try {
  console.log(readFileSync('reports/hostile-callers.txt', 'utf8').trim());
} catch {
  console.error('test-summary: the hostile-caller suite wrote no counts (reports/hostile-callers.txt)');
  process.exit(1);
}
console.log(`e2e: ${e2e.stats.expected ?? 0} passed, ${e2e.stats.unexpected ?? 0} failed`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
