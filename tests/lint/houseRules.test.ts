// Each house rule (ARCHITECTURE.md; issue 2, item 2) must fail on a deliberate violation. The fixtures are
// linted as if they lived at the path named in their first line, against exactly the rules the repo uses.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { houseRules } from '../../eslint/houseRules.js';

const root = join(import.meta.dirname, '../..');
const fixtures = join(import.meta.dirname, 'fixtures');

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    },
    ...houseRules,
  ],
});

async function lintFixture(name: string): Promise<string[]> {
  const code = readFileSync(join(fixtures, name), 'utf8');
  const virtualPath = /lints as: (\S+)/.exec(code)?.[1];
  if (!virtualPath) throw new Error(`${name} does not say where it lints as`);
  const [result] = await eslint.lintText(code, { filePath: join(root, virtualPath) });
  if (!result) throw new Error('no lint result');
  const fatal = result.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${name}: ${fatal.message}`);
  return result.messages.map((m) => m.ruleId ?? 'unknown');
}

const violations: Record<string, string> = {
  'core-imports-electron.ts': 'no-restricted-imports',
  'simulator-imports-electron.ts': 'no-restricted-imports',
  'simulator-imports-core.ts': 'import-x/no-restricted-paths',
  'core-imports-host.ts': 'import-x/no-restricted-paths',
  'core-imports-simulator.ts': 'import-x/no-restricted-paths',
  'renderer-imports-main.ts': 'import-x/no-restricted-paths',
  'raw-ipcmain-outside-binding.ts': 'no-restricted-imports',
  'raw-ipc-member-access.ts': 'no-restricted-syntax',
  'raw-ipcrenderer-in-renderer.ts': 'no-restricted-imports',
  'dangerous-html.tsx': 'react/no-danger',
  'shared-imports-main.ts': 'import-x/no-restricted-paths',
  'shared-imports-node.ts': 'no-restricted-imports',
  'main-imports-preload.ts': 'import-x/no-restricted-paths',
  'typescript-enum.ts': 'no-restricted-syntax',
};

describe('house rules', () => {
  it('has a fixture for every rule it checks, and nothing untested in the folder', () => {
    const files = readdirSync(fixtures).filter((f) => !f.startsWith('clean-'));
    expect(files.sort()).toEqual(Object.keys(violations).sort());
  });

  for (const [fixture, rule] of Object.entries(violations)) {
    it(`fails ${fixture} with ${rule}`, async () => {
      expect(await lintFixture(fixture)).toContain(rule);
    });
  }

  it('lets the IPC binding module and other Electron modules do what they are for', async () => {
    expect(await lintFixture('clean-binding.ts')).toEqual([]);
    expect(await lintFixture('clean-electron-module.ts')).toEqual([]);
    expect(await lintFixture('clean-core-test-uses-simulator.ts')).toEqual([]);
  });
});
