import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { RENDERER_FILES_WITH_MODULE_MOCKS } from './tests/filesWithModuleMocks';

// happy-dom rather than jsdom: the same 485 renderer tests in 59 s instead of 86 s here (its window is cheaper
// to set up per file and its DOM faster); neither lays anything out, which the real-Chromium e2e covers.
const rendererTest = {
  environment: 'happy-dom',
  setupFiles: ['src-renderer/test/setup.ts'],
  testTimeout: 15_000,
};

export default defineConfig({
  test: {
    // Two workers on CI's two cores: most files wait on sockets and child processes, not the CPU (vitest's
    // default here is cores - 1 = one file at a time).
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
    // The renderer's files share one module graph per worker (isolate: false): the imports and the DOM are paid
    // once per worker rather than once per file (that project went from about 260 s to 80 s here).
    // src-renderer/test/setup.ts gives each test fresh stores and storage. A file that vi.mocks one of our
    // modules needs a graph of its own: those run in renderer-isolated. The node files stay one process per
    // file: shared, two full runs in three ended with an error from a previous file's leftover work (a log
    // after its end, a worker gone), which their own isolation keeps from ever reaching another file.
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
          ...rendererTest,
          name: 'renderer',
          isolate: false,
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          exclude: RENDERER_FILES_WITH_MODULE_MOCKS,
        },
      },
      {
        plugins: [react()],
        test: {
          ...rendererTest,
          name: 'renderer-isolated',
          include: RENDERER_FILES_WITH_MODULE_MOCKS,
        },
      },
    ],
  },
});
