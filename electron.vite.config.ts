import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { LoggingFunction, RollupLog } from 'rollup';

// zod ships comments Rollup cannot place; they are harmless and would bury real warnings.
const quietAnnotations = {
  onwarn(warning: RollupLog, warn: LoggingFunction): void {
    if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
  },
};

// Three processes, explicit inputs. Main also builds the browser-shell host and the CLI: the same core,
// three hosts (ARCHITECTURE.md, "The picture").
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        ...quietAnnotations,
        input: {
          index: resolve(import.meta.dirname, 'src-main/electron/main.ts'),
          web: resolve(import.meta.dirname, 'src-main/web/serve.ts'),
          cli: resolve(import.meta.dirname, 'src-main/cli/index.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require node_modules: bundle zod and the contract into it, as CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        ...quietAnnotations,
        input: { index: resolve(import.meta.dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react(), tailwindcss()],
    build: {
      outDir: 'out/renderer',
      // Minified: what the page parses before its first paint is part of every start (the entry script was
      // 1.3 MB as written, about a third of that minified). Main and the preload stay readable.
      // LOUPE_NO_MINIFY=1 keeps the names, for a CPU profile of the page.
      minify: process.env.LOUPE_NO_MINIFY === '1' ? false : 'esbuild',
      rollupOptions: { ...quietAnnotations, input: resolve(import.meta.dirname, 'src-renderer/index.html') },
    },
  },
});
