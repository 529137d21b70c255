import { describe, expect, it } from 'vitest';
import { createDemoLauncher } from './demoLauncher';

describe('the Demo launcher', () => {
  it('starts a seeded simulator on loopback that answers with its key, and stops it', async () => {
    const demo = await createDemoLauncher().start();
    expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const list = await fetch(`${demo.baseUrl}/api/v2/jobs?limit=50`, {
      headers: { authorization: `Bearer ${demo.credential}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { jobs: { status: string }[] };
    const statuses = new Set(body.jobs.map((job) => job.status));
    expect(statuses.has('succeeded')).toBe(true);
    expect(statuses.has('failed')).toBe(true);
    expect((await fetch(`${demo.baseUrl}/api/v2/jobs`)).status).toBe(401);
    await demo.close();
    await expect(fetch(`${demo.baseUrl}/api/v2/jobs`)).rejects.toThrow();
  });
});
