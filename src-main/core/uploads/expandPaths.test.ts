import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { expandPaths } from './expandPaths';

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir('loupe-expand-');
});
afterEach(() => dir.remove());

function write(relative: string, text = relative): string {
  const path = join(dir.path, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

describe('expandPaths', () => {
  it('walks folders recursively in name order and names each file by its path inside the drop', async () => {
    write('shots/b.png');
    write('shots/a.png');
    write('shots/deeper/c.wav');
    const loose = write('loose.txt', 'hello');
    const { files, skipped } = await expandPaths([join(dir.path, 'shots'), loose]);
    expect(files.map((f) => f.relativePath)).toEqual([
      'shots/a.png',
      'shots/b.png',
      'shots/deeper/c.wav',
      'loose.txt',
    ]);
    expect(files.at(-1)).toMatchObject({ path: loose, size: 5 });
    expect(skipped).toEqual([]);
  });

  it('skips symlinks and special files inside folders and says which', async () => {
    const target = write('elsewhere/secret.txt');
    write('drop/real.txt');
    symlinkSync(target, join(dir.path, 'drop/link.txt'));
    symlinkSync(join(dir.path, 'elsewhere'), join(dir.path, 'drop/linked-folder'));
    execFileSync('mkfifo', [join(dir.path, 'drop/pipe')]);
    const { files, skipped } = await expandPaths([join(dir.path, 'drop')]);
    expect(files.map((f) => f.relativePath)).toEqual(['drop/real.txt']);
    expect(skipped.map((s) => [s.path.slice(dir.path.length), s.reason])).toEqual([
      ['/drop/link.txt', 'symlink'],
      ['/drop/linked-folder', 'symlink'],
      ['/drop/pipe', 'special'],
    ]);
  });

  it('lists a file dropped twice (or inside a dropped folder) once', async () => {
    const inner = write('drop/one.txt');
    const { files } = await expandPaths([join(dir.path, 'drop'), inner, inner]);
    expect(files).toHaveLength(1);
  });

  it('stops at the file limit and says what was left out', async () => {
    for (const name of ['a', 'b', 'c']) write(`many/${name}`);
    const { files, skipped } = await expandPaths([join(dir.path, 'many')], { maxFiles: 2 });
    expect(files).toHaveLength(2);
    expect(skipped).toEqual([expect.objectContaining({ reason: 'too-many-files' })]);
  });
});
