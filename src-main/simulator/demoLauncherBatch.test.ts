// The Demo launcher hands Loupe the batch its server seeded, and a launch whose batch cannot be read leaves
// no server running.
import { describe, expect, it } from 'vitest';
import { createDemoLauncher } from './demoLauncher';

describe('the Demo launcher’s seeded batch', () => {
  it('comes with the running server: the sweep’s twelve items and their jobs', async () => {
    const demo = await createDemoLauncher().start();
    try {
      const batch = demo.seededBatch;
      expect(batch?.id).toBe('demo-sweep');
      expect(batch?.items).toHaveLength(12);
      const statuses = batch?.items.map((item) => item.job.status);
      expect(statuses?.filter((status) => status === 'succeeded')).toHaveLength(10);
      expect(statuses?.filter((status) => status === 'failed')).toHaveLength(2);
      const first = batch?.items[0];
      const job = await fetch(`${demo.baseUrl}/api/v2/jobs/${String(first?.jobId)}`, {
        headers: { authorization: `Bearer ${demo.credential}` },
      });
      expect(job.status).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it('closes the server when the batch cannot be read', async () => {
    let seen = '';
    const launcher = createDemoLauncher({
      readBatch: (baseUrl) => {
        seen = baseUrl;
        return Promise.reject(new Error('no batch'));
      },
    });
    await expect(launcher.start()).rejects.toThrow('no batch');
    expect(seen).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(fetch(`${seen}/api/v2/jobs`)).rejects.toThrow();
  });
});
