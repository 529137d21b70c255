// The Demo profile's server: the simulator, seeded, on a free loopback port, at a pace a person can watch.
// Its shape matches core's DemoLauncher structurally; the simulator imports nothing from core.
import { startSimulator } from './server';

export const DEMO_API_KEY = 'demo-key';

export interface DemoServer {
  baseUrl: string;
  routerBaseUrl: string;
  credential: string;
  close(): Promise<void>;
}

export function createDemoLauncher(): { start(): Promise<DemoServer> } {
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
      return {
        baseUrl: simulator.url,
        routerBaseUrl: simulator.url,
        credential: DEMO_API_KEY,
        close: () => simulator.close(),
      };
    },
  };
}
