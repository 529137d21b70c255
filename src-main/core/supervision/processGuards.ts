// Each host (Electron's main, the browser shell, the CLI) installs these first thing. A promise that rejects
// with nothing to handle it is a bug in Loupe, but it must never end the process (ARCHITECTURE rule 13): the
// user's batches, uploads and watchers live there. It is logged, counted, and the process goes on.

export interface ProcessGuards {
  /** How many unhandled rejections were seen since install (for diagnostics and tests). */
  readonly unhandled: number;
  uninstall(): void;
}

export function installProcessGuards(report: (message: string, error: unknown) => void): ProcessGuards {
  let unhandled = 0;
  const onRejection = (reason: unknown): void => {
    unhandled += 1;
    try {
      report('A background task failed and nothing handled it; Loupe goes on', reason);
    } catch {
      // Reporting must not become the crash it guards against.
    }
  };
  process.on('unhandledRejection', onRejection);
  return {
    get unhandled() {
      return unhandled;
    },
    uninstall: () => {
      process.off('unhandledRejection', onRejection);
    },
  };
}
