// GET /api/v2/jobs: stored job records, not Job objects (no outputs, no urls).
import { z } from 'zod';
import { JobStatusSchema } from './job';
import { labelMap, orNull, partitionList } from './tolerant';

export const JobListItemSchema = z.looseObject({
  id: z.string().min(1),
  status: JobStatusSchema,
  create_time: z.string(),
  update_time: orNull(z.string()).catch(null),
  release_version: orNull(z.number()).catch(null),
  deployment_id: orNull(z.string()).catch(null),
  metadata: labelMap,
});
export type JobListItem = z.output<typeof JobListItemSchema>;

export const JobListPageSchema = z
  .looseObject({
    jobs: z.array(z.unknown()),
    next_cursor: orNull(z.string()).catch(null),
  })
  .transform(({ jobs, next_cursor: nextCursor }) => {
    const { items, skipped } = partitionList(jobs, JobListItemSchema);
    // An empty cursor could only loop back to the first page; read it as the end.
    return { jobs: items, skippedItems: skipped, nextCursor: nextCursor === '' ? null : nextCursor };
  });
export type JobListPage = z.output<typeof JobListPageSchema>;
