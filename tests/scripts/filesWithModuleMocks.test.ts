// The renderer's unit tests share one module graph per worker, except the files that vi.mock one of our own
// modules (a mock there would miss a module an earlier file loaded, and the test would pass or fail by the
// order of files). Every such file must be on the list that runs them apart.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { RENDERER_FILES_WITH_MODULE_MOCKS } from '../filesWithModuleMocks';

const root = resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

it('every renderer test file that mocks a module runs in the isolated project, and only those', () => {
  const mocking = testFiles(join(root, 'src-renderer'))
    .filter((file) =>
      /\bvi\.(mock|doMock)\(|\bvi\.resetModules\(/.test(readFileSync(join(root, file), 'utf8')),
    )
    .sort();
  expect(mocking.length).toBeGreaterThan(0);
  expect([...RENDERER_FILES_WITH_MODULE_MOCKS].sort()).toEqual(mocking);
});
