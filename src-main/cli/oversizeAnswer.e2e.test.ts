// The CLI when the service's answer is far too large (issue 19, fault 4): it stops reading at the job limit
// and says so in words, with what to do, instead of filling its memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../core/api/testing/testServer';
import { cli, simulatorEnv } from './testing/cliHarness';

describe('loupe against a service whose answer never ends', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"j1","status":"running","padding":"');
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
  });
  afterAll(() => server.close());

  it('reports response_too_large with what to do, and fails', async () => {
    const run = await cli(['jobs', 'get', 'j1'], { env: simulatorEnv(server.origin, 'serverless', 'k') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('response_too_large');
    expect(run.stderr).toContain('stopped reading');
    expect(run.stderr).toContain('loupe profiles test');
  });
});
