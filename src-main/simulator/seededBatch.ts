// What the Demo launcher tells Loupe about the sweep the seed ran (demoSweep.ts): the plan's items with the
// jobs they became. The jobs are read back from the running server as any client sees them, because the seed
// runs before the server has an address, and a job's output links only exist once it listens. Plain data:
// core checks it with its own schema (the simulator imports nothing from core).
import { z } from 'zod';
import { demoSweepAxes, demoSweepId, demoSweepItems, demoSweepName, type DemoSweepAxis } from './demoSweep';
import type { ApiWorkflow } from './jobs/sampleWorkflows';

export interface SeededBatchItem {
  position: number;
  jobId: string;
  values: Array<{ target: string; value: number }>;
  workflow: ApiWorkflow;
  labels: Record<string, string>;
  /** The job as `GET /api/v2/jobs/{id}` returned it. */
  job: Record<string, unknown>;
}

export interface SeededBatch {
  id: string;
  name: string;
  /** When the first item's job was created. */
  createdAt: string;
  axes: DemoSweepAxis[];
  items: SeededBatchItem[];
}

const listSchema = z.object({
  jobs: z.array(z.object({ id: z.string(), metadata: z.record(z.string(), z.string()) })),
});
const jobSchema = z.looseObject({ id: z.string(), status: z.string(), created_at: z.string() });

async function getJson(url: string, apiKey: string): Promise<unknown> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/** Reads the seeded sweep back from a serverless simulator at `baseUrl` (the only surface that keeps labels). */
export async function readSeededBatch(baseUrl: string, apiKey: string): Promise<SeededBatch> {
  const listUrl = `${baseUrl}/api/v2/jobs?limit=100&metadata%5Bloupe.batch%5D=${demoSweepId}`;
  const listed = listSchema.parse(await getJson(listUrl, apiKey)).jobs;
  const read = await Promise.all(
    demoSweepItems().map(async (item) => {
      const row = listed.find((job) => job.metadata['loupe.item'] === String(item.position));
      if (!row) throw new Error(`the seeded sweep has no job for item ${item.position}`);
      const job = jobSchema.parse(await getJson(`${baseUrl}/api/v2/jobs/${row.id}`, apiKey));
      const { position, values, workflow, labels } = item;
      const described: SeededBatchItem = { position, jobId: row.id, values, workflow, labels, job };
      return { item: described, createdAt: job.created_at };
    }),
  );
  const first = read[0];
  if (!first) throw new Error('the seeded sweep has no items');
  return {
    id: demoSweepId,
    name: demoSweepName,
    createdAt: first.createdAt,
    axes: [...demoSweepAxes],
    items: read.map(({ item }) => item),
  };
}
