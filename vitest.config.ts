import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { RENDERER_FILES_WITH_MODULE_MOCKS } from './src-renderer/test/moduleMockFiles';


export default defineConfig({
  test: {
    // Two workers on CI's two cores: most files wait on sockets and child processes, not the CPU (vitest's
    // default here is cores - 1 = one file at a time).
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src-main/**/*.test.ts',
            'src-preload/**/*.test.ts',
            'src-shared/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          // The files share one module graph per worker: jsdom and the imports are paid once, not per file
          // (about four times faster). src-renderer/test/setup.ts gives each test fresh stores and storage.
          isolate: false,
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          exclude: RENDERER_FILES_WITH_MODULE_MOCKS,
          setupFiles: ['src-renderer/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react()],
        test: {
          // A vi.mock of one of our own modules needs a module graph of its own.
          name: 'renderer-isolated',
          environment: 'jsdom',
          include: RENDERER_FILES_WITH_MODULE_MOCKS,
          setupFiles: ['src-renderer/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
