// Only a real drop leads to grants: a drop a script dispatched, a File a script built, a file dropped too
// long ago or already granted, all get none, and main is never asked.
import { describe, expect, it } from 'vitest';
import type { FileGrant } from '../src-shared/contract';
import { createDropGrants, type DropLike } from './dropGrants';

const realPaths = new Map<File, string>();
function realFile(path: string): File {
  const file = new File(['x'], path.split('/').at(-1) ?? 'f');
  realPaths.set(file, path);
  return file;
}

function setUp() {
  let clock = 0;
  const asked: string[][] = [];
  const drops = createDropGrants({
    pathFor: (file) => realPaths.get(file) ?? '',
    mint: (paths) => {
      asked.push(paths);
      const grants: FileGrant[] = paths.map((path, i) => ({
        grant: `${i}`.repeat(43),
        name: path,
        kind: 'file',
      }));
      return Promise.resolve({ ok: true, value: { grants } });
    },
    now: () => clock,
    windowMs: 1000,
  });
  const drop = (files: File[], isTrusted = true): DropLike => ({ isTrusted, dataTransfer: { files } });
  return { drops, asked, drop, tick: (ms: number) => (clock += ms) };
}

describe('grants for dropped files', () => {
  it('grants the files of a trusted drop, once', async () => {
    const { drops, asked, drop } = setUp();
    const a = realFile('/home/me/a.png');
    const b = realFile('/home/me/b.png');
    drops.onDrop(drop([a, b]));
    expect((await drops.grantsFor([a, b]))?.map((g) => g.name)).toEqual(['/home/me/a.png', '/home/me/b.png']);
    expect(asked).toEqual([['/home/me/a.png', '/home/me/b.png']]);
    expect(await drops.grantsFor([a])).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('grants nothing for a drop a script dispatched', async () => {
    const { drops, asked, drop } = setUp();
    const key = realFile('/home/me/.ssh/id_ed25519');
    drops.onDrop(drop([key], false));
    expect(await drops.grantsFor([key])).toBeNull();
    expect(asked).toEqual([]);
  });

  it('grants nothing for a File a script built, even beside a real one', async () => {
    const { drops, asked, drop } = setUp();
    const real = realFile('/home/me/a.png');
    const made = new File(['forged'], 'id_ed25519');
    drops.onDrop(drop([real, made]));
    expect(await drops.grantsFor([real, made])).toBeNull();
    expect(asked).toEqual([]);
  });

  it('grants nothing for a real file that was not part of a drop', async () => {
    const { drops, drop } = setUp();
    drops.onDrop(drop([realFile('/home/me/a.png')]));
    expect(await drops.grantsFor([realFile('/home/me/other.png')])).toBeNull();
  });

  it('forgets a drop after its window', async () => {
    const { drops, drop, tick } = setUp();
    const a = realFile('/home/me/a.png');
    drops.onDrop(drop([a]));
    tick(1001);
    expect(await drops.grantsFor([a])).toBeNull();
  });

  it('answers null when main refuses', async () => {
    const a = realFile('/home/me/gone.png');
    const drops = createDropGrants({
      pathFor: (file) => realPaths.get(file) ?? '',
      mint: () => Promise.resolve({ ok: false, error: { code: 'path_not_found', message: 'gone' } }),
    });
    drops.onDrop({ isTrusted: true, dataTransfer: { files: [a] } });
    expect(await drops.grantsFor([a])).toBeNull();
  });
});
