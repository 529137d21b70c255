// The rules that guard the architecture (ARCHITECTURE.md, "Rules of the house").
// Kept apart from the style config so tests/lint/houseRules.test.ts can lint fixtures against exactly these.
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';

const ipcBindingModules = ['src-main/electron/ipcBinding.ts', 'src-preload/index.ts'];
const electronImporters = ['src-main/electron/**', 'src-preload/index.ts'];

const noRawIpcMember = {
  selector: 'MemberExpression[property.name=/^ipc(Main|Renderer)$/]',
  message: 'Raw ipcMain/ipcRenderer belong only in the two IPC binding modules; go through the contract.',
};
// Unions of string literals instead (they are what zod and the wire speak). Banned here by syntax, so the
// type-aware no-unsafe-enum-assignment, which has nothing else to check, is left off (23 s of lint time).
const noEnums = {
  selector: 'TSEnumDeclaration',
  message: 'No TypeScript enums: use a union of string literals (a zod enum at a boundary).',
};
const noDangerousHtml = {
  selector: 'JSXAttribute[name.name="dangerouslySetInnerHTML"]',
  message: 'Untrusted text stays text: dangerouslySetInnerHTML is banned.',
};

/**
 * Which folders may not import which. Tests in core may start the simulator (it is how they meet a real
 * server); core's source may not.
 * @param {boolean} coreMayNotUseSimulator
 */
function restrictedZones(coreMayNotUseSimulator) {
  return [
    {
      target: './src-renderer',
      from: './src-main',
      message: 'The renderer talks to main only through src-shared/contract.ts.',
    },
    {
      target: './src-shared',
      from: ['./src-main', './src-renderer', './src-preload'],
      message: 'src-shared is the vocabulary everyone speaks: it imports from no process.',
    },
    {
      target: './src-main',
      from: './src-preload',
      message: 'Main speaks src-shared; src-preload is only the bridge that exposes it to a window.',
    },
    {
      target: './src-main/simulator',
      from: './src-main/core',
      message: 'The simulator is an independent reading of the spec: it imports nothing from core.',
    },
    {
      target: './src-main/core',
      from: [
        './src-main/electron',
        './src-main/web',
        './src-main/cli',
        ...(coreMayNotUseSimulator ? ['./src-main/simulator'] : []),
      ],
      message: 'core is plain Node with its dependencies passed in; hosts depend on core, not the reverse.',
    },
  ];
}

/** @type {import('eslint').Linter.Config[]} */
export const houseRules = [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, react },
    settings: {
      react: { version: '19.0' },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'react/no-danger': 'error',
      'no-restricted-syntax': ['error', noRawIpcMember, noDangerousHtml, noEnums],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only src-main/electron/** (and the preload) may import electron.' },
          ],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: restrictedZones(true) }],
    },
  },
  {
    files: electronImporters,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'Raw ipcMain/ipcRenderer belong only in the two IPC binding modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ipcBindingModules,
    rules: {
      'no-restricted-imports': 'off',
      'no-restricted-syntax': ['error', noDangerousHtml, noEnums],
    },
  },
  {
    // No runtime of its own: what it says must mean the same in Node, in the preload and in the page.
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src-shared has no runtime.' }],
          patterns: [{ group: ['node:*'], message: 'src-shared has no runtime: no Node built-ins.' }],
        },
      ],
    },
  },
  {
    files: ['src-main/core/**/*.test.ts', 'src-main/core/**/testing/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: restrictedZones(false) }] },
  },
];
