import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src-renderer/test/setup.ts'],
        },
      },
    ],
  },
});
