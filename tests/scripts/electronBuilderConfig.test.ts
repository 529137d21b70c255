// `npm run dist` cannot run here (electron-builder downloads Electron), so the config is checked instead:
// it ships the built app, every native Node-API module the app loads is unpacked from the asar (where a
// .node file cannot be loaded), the packaged binary's fuses are set to the hardened values, and the icons
// it names exist at the sizes it needs.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_ICON_FILE } from '../../src-main/electron/windowOptions';

const root = join(import.meta.dirname, '../..');
const config = z
  .object({
    appId: z.string().min(1),
    productName: z.literal('Loupe'),
    files: z.array(z.string()),
    asarUnpack: z.array(z.string()),
    npmRebuild: z.literal(false),
    extraMetadata: z.object({ main: z.string() }),
    directories: z.object({ buildResources: z.string() }),
    electronFuses: z.record(z.string(), z.boolean()),
    linux: z.object({ icon: z.string() }),
    mac: z.object({ icon: z.string() }),
    win: z.object({ icon: z.string() }),
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

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the packaged app is hardened', () => {
  // Each fuse and the value a hardened build needs (Electron's security checklist; issue 10).
  const hardened: Record<string, boolean> = {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  };
  for (const [fuse, value] of Object.entries(hardened)) {
    it(`sets the ${fuse} fuse to ${String(value)}`, () => {
      expect(config.electronFuses[fuse]).toBe(value);
    });
  }

  it('names only fuses electron-builder knows', () => {
    const schema = z
      .object({
        definitions: z.object({ FuseOptionsV1: z.object({ properties: z.record(z.string(), z.unknown()) }) }),
      })
      .parse(JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')));
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties);
    expect(Object.keys(config.electronFuses).filter((fuse) => !known.includes(fuse))).toEqual([]);
  });
});

describe('the app icon', () => {
  it('lives in the resources folder electron-builder uses, as SVG and the PNG sizes it wants', () => {
    expect(config.directories.buildResources).toBe('resources');
    expect(readFileSync(join(root, 'resources/icon.svg'), 'utf8')).toContain('<svg');
    expect(pngSize(join(root, config.mac.icon))).toEqual([1024, 1024]);
    expect(config.win.icon).toBe(config.mac.icon);
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(join(root, config.linux.icon, `${size}x${size}.png`))).toEqual([size, size]);
    }
  });

  it('ships inside the app, where the window loads it from', () => {
    expect(config.files).toContain(APP_ICON_FILE);
    expect(pngSize(join(root, APP_ICON_FILE))).toEqual([1024, 1024]);
  });
});
