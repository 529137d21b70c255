// The Demo profile's server: the simulator, seeded, on a free loopback port, at a pace a person can watch.
// Its shape matches core's DemoLauncher structurally; the simulator imports nothing from core.
import { readSeededBatch, type SeededBatch } from './seededBatch';
import { startSimulator } from './server';

export const DEMO_API_KEY = 'demo-key';

export interface DemoServer {
  baseUrl: string;
  routerBaseUrl: string;
  credential: string;
  /** The finished sweep the seed ran, for Loupe to record as one of the Demo profile's batches. */
  seededBatch?: SeededBatch;
  close(): Promise<void>;
}

export interface DemoLauncherDeps {
  /** How the launcher reads the seeded batch back (tests replace it to make it fail). */
  readBatch?: (baseUrl: string, apiKey: string) => Promise<SeededBatch>;
}

export function createDemoLauncher({ readBatch = readSeededBatch }: DemoLauncherDeps = {}): {
  start(): Promise<DemoServer>;
} {
  return {
    start: async () => {
      const simulator = await startSimulator({
        surface: 'serverless',
        port: 0,
        seed: true,
        apiKeys: [DEMO_API_KEY, 'other-key'],
        workers: 2,
        timing: { assetHashDelayMs: 1500 },
      });
      let seededBatch: SeededBatch;
      try {
        seededBatch = await readBatch(simulator.url, DEMO_API_KEY);
      } catch (error) {
        // A launch that fails leaves no server behind.
        await simulator.close();
        throw error;
      }
      return {
        baseUrl: simulator.url,
        routerBaseUrl: simulator.url,
        credential: DEMO_API_KEY,
        seededBatch,
        close: () => simulator.close(),
      };
    },
  };
}
