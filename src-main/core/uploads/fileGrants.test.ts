// Grants name a chosen file for one upload: single-use, expiring, bound to the window that minted them,
// all-or-nothing on redemption, and bounded in number.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileGrantIdSchema } from '../../../src-shared/contract';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { FileGrants } from './fileGrants';

let dir: TempDir;
let clock = 0;
const now = () => clock;
beforeEach(() => {
  dir = makeTempDir('loupe-grants-');
  clock = 1_000;
});
afterEach(() => dir.remove());

function file(name: string): string {
  const path = join(dir.path, name);
  writeFileSync(path, name);
  return path;
}

describe('FileGrants', () => {
  it('mints an opaque grant per chosen path, with its name and kind, never its path', async () => {
    const folder = join(dir.path, 'album');
    mkdirSync(folder);
    const grants = await new FileGrants({ now }).mintAll([file('a.png'), folder], null);
    expect(grants.map((g) => [g.name, g.kind])).toEqual([
      ['a.png', 'file'],
      ['album', 'folder'],
    ]);
    for (const grant of grants) {
      expect(fileGrantIdSchema.safeParse(grant.grant).success).toBe(true);
      expect(JSON.stringify(grant)).not.toContain(dir.path);
    }
    expect(grants[0]?.grant).not.toBe(grants[1]?.grant);
  });

  it('redeems once: a second use of the same grant is refused', async () => {
    const registry = new FileGrants({ now });
    const path = file('a.png');
    const [grant] = await registry.mintAll([path], null);
    expect(registry.redeem([grant!.grant], null)).toEqual([path]);
    expect(() => registry.redeem([grant!.grant], null)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
  });

  it('expires', async () => {
    const registry = new FileGrants({ now, ttlMs: 60_000 });
    const [grant] = await registry.mintAll([file('a.png')], null);
    clock += 60_000;
    expect(() => registry.redeem([grant!.grant], null)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
    expect(registry.outstanding).toBe(0);
  });

  it('belongs to the window that minted it', async () => {
    const registry = new FileGrants({ now });
    const window = {};
    const [grant] = await registry.mintAll([file('a.png')], window);
    expect(() => registry.redeem([grant!.grant], {})).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
    expect(() => registry.redeem([grant!.grant], null)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
    expect(registry.redeem([grant!.grant], window)).toHaveLength(1);
  });

  it('is all or nothing: one forged or repeated grant spends none of the good ones', async () => {
    const registry = new FileGrants({ now });
    const [good] = await registry.mintAll([file('a.png')], null);
    expect(() => registry.redeem([good!.grant, 'x'.repeat(43)], null)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
    expect(() => registry.redeem([good!.grant, good!.grant], null)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
    expect(registry.outstanding).toBe(1);
    expect(registry.redeem([good!.grant], null)).toHaveLength(1);
  });

  it('refuses to mint for a relative or missing path, naming only the file', async () => {
    const registry = new FileGrants({ now });
    await expect(registry.mintAll(['relative.png'], null)).rejects.toMatchObject({ code: 'invalid_path' });
    await expect(registry.mintAll([join(dir.path, 'gone.png')], null)).rejects.toMatchObject({
      code: 'path_not_found',
      details: { name: 'gone.png' },
    });
  });

  it('keeps at most so many at once, forgetting the oldest', async () => {
    const registry = new FileGrants({ now, maxOutstanding: 3 });
    const path = file('a.png');
    const minted = await registry.mintAll([path, path, path, path], null);
    expect(registry.outstanding).toBe(3);
    expect(() => registry.redeem([minted[0]!.grant], null)).toThrow(
      expect.objectContaining({ code: 'invalid_grant' }),
    );
    expect(registry.redeem([minted[3]!.grant], null)).toEqual([path]);
  });
});
