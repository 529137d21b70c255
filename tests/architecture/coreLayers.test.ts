// Core's folders form layers: no folder imports another that (through any chain) imports it back, and no
// file of core imports the preload's package (core speaks src-shared). Read from the source files
// themselves, so a new import that closes a circle fails here, naming the circle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const core = join(root, 'src-main/core');

/** Production sources: tests and test support (under testing/) may reach anywhere. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map(
    (m) => m[1] ?? '',
  );
}

/** folder → the folders of core its files import. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(core)) {
    const from = relative(core, file).split('/')[0] ?? '';
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
      const target = relative(core, resolve(dirname(file), spec));
      const to = target.split('/')[0] ?? '';
      if (!target.startsWith('..') && to !== from && !to.endsWith('.ts')) edges.add(to);
    }
  }
  return graph;
}

/** One circle through the graph, as a path that ends where it started; null when there is none. */
function findCircle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found !== null) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.get(node) === undefined) {
      const found = visit(node);
      if (found !== null) return found;
    }
  }
  return null;
}

describe('core’s layers', () => {
  it('has no import circle between its folders', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(8);
    expect(findCircle(graph)?.join(' → ') ?? 'none').toBe('none');
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['jobs', new Set(['watch'])],
      ['watch', new Set(['store', 'jobs'])],
      ['store', new Set<string>()],
    ]);
    expect(findCircle(graph)).toEqual(['jobs', 'watch', 'jobs']);
  });

  it('keeps core/api self-contained: no other folder of core, no contract types', () => {
    expect([...(folderGraph().get('api') ?? [])]).toEqual([]);
    const contractImports = sources(join(core, 'api')).filter((file) =>
      importsOf(file).some(
        (spec) => spec.includes('src-shared/contract') || spec.includes('src-shared/protocol'),
      ),
    );
    expect(contractImports.map((file) => relative(root, file))).toEqual([]);
  });

  it('never imports the preload package', () => {
    const offenders = [...sources(core), ...sources(join(root, 'src-main'))]
      .filter((file) => importsOf(file).some((spec) => spec.includes('src-preload')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('maps errors to the contract only in core/rpc', () => {
    const mapping = sources(core)
      .filter((file) => !relative(core, file).startsWith('rpc/') && !relative(core, file).startsWith('app/'))
      .filter((file) => /import[^;]*\bContractError\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(mapping).toEqual([]);
  });
});
