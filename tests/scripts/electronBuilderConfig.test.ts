// `npm run dist` cannot run here (electron-builder downloads Electron), so the config is checked instead:
// it ships the built app, and every native Node-API module the app loads is unpacked from the asar, where
// a .node file cannot be loaded.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = join(import.meta.dirname, '../..');
const config = z
  .object({
    appId: z.string().min(1),
    productName: z.literal('Loupe'),
    files: z.array(z.string()),
    asarUnpack: z.array(z.string()),
    npmRebuild: z.literal(false),
    extraMetadata: z.object({ main: z.string() }),
  })
  .parse(JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')));
const packageJson = z
  .object({ main: z.string(), dependencies: z.record(z.string(), z.string()) })
  .parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));

/** The installed packages (with their platform sub-packages) that ship a compiled .node file. */
function nativePackages(): string[] {
  const found: string[] = [];
  for (const scope of ['@napi-rs', '@libsql']) {
    const dir = join(root, 'node_modules', scope);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (readdirSync(join(dir, name)).some((file) => file.endsWith('.node'))) found.push(`${scope}/${name}`);
    }
  }
  return found;
}

function unpacked(pkg: string): boolean {
  return config.asarUnpack.some((pattern) => {
    const prefix = pattern.replace(/\/\*\*$/, '');
    return `node_modules/${pkg}`.startsWith(prefix);
  });
}

describe('electron-builder config', () => {
  it('ships the built app and starts the same main as package.json', () => {
    expect(config.files).toContain('out/**');
    expect(config.extraMetadata.main).toBe(packageJson.main);
    expect(packageJson.main).toBe('out/main/index.js');
  });

  it('unpacks every native module from the asar and needs no native rebuild (Node-API prebuilt)', () => {
    const natives = nativePackages();
    expect(natives.length).toBeGreaterThan(0);
    expect(natives.filter((pkg) => !unpacked(pkg))).toEqual([]);
    for (const dependency of ['@napi-rs/blake-hash', '@napi-rs/keyring', 'libsql']) {
      expect(packageJson.dependencies).toHaveProperty(dependency);
    }
  });
});
