// The CLI is a host of core, not a second engine: it builds core through createCore like the two shells,
// and its own files keep to arguments, output and exit codes. Read from the sources, so a CLI file that
// starts hashing, streaming job events, listing, writing history or downloading by itself fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'src-main/cli');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** What only an engine does, with the core piece that does it instead. */
const engineWork: ReadonlyArray<{ pattern: RegExp; instead: string }> = [
  {
    pattern: /@napi-rs\/blake-hash|blake3-wasm/,
    instead: 'core/uploads FileHasher, core/content checked writes',
  },
  {
    pattern: /followJobEvents|\bJobsClient\b|\bV1Client\b/,
    instead: 'core/jobs JobsService and core/watch JobWatcher',
  },
  { pattern: /\.recordSubmitted\(|\.batchItems\.|store(\(\))?\.jobs\./, instead: "core's outbox and lister" },
  { pattern: /createReadStream|createWriteStream|\bopen\(.*'wx'/, instead: 'core/uploads and core/content' },
  {
    pattern: /\.content\(|existsByHash|fromHash\(|\.upload\(/,
    instead: 'core/uploads UploadService and core/content AssetBytes',
  },
  { pattern: /\bopenStore\(|new ProfileService\(/, instead: 'createCore' },
  {
    // The Router keeps its runs, keys, caches and media in core: a client of its own would bypass all of them.
    pattern: /\bRouterClient\b|core\/api\/routerClient|\bDiskOpenApiCache\b/,
    instead: 'core/router RouterService (engine.core.router)',
  },
];

describe('the CLI is a host of core', () => {
  it('does no engine work of its own', () => {
    const found: string[] = [];
    for (const file of sources(cli)) {
      const text = readFileSync(file, 'utf8');
      for (const { pattern, instead } of engineWork) {
        if (pattern.test(text)) found.push(`${relative(root, file)} matches ${pattern} (use ${instead})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('builds core through the one composition root, headless', () => {
    const session = readFileSync(join(cli, 'session.ts'), 'utf8');
    expect(session).toMatch(/from '\.\.\/core\/app\/createCore'/);
    expect(session).toMatch(/headless: true/);
  });

  it('the rule would catch a second engine (the check is not vacuous)', () => {
    const secondEngine =
      "import { Blake3Hasher } from '@napi-rs/blake-hash';\nstore.jobs.recordSubmitted(id, job);\n" +
      'const router = new RouterClient(new HttpClient({ connection }));';
    const hits = engineWork.filter(({ pattern }) => pattern.test(secondEngine));
    expect(hits.length).toBe(3);
    // Importing the Router's client module directly is caught too, whatever it is called locally.
    const directImport = "import * as client from '../../core/api/routerClient';";
    expect(engineWork.some(({ pattern }) => pattern.test(directImport))).toBe(true);
  });
});
