// Reads back what a batch's record kept of its plan (recordPlan): the axes with their inputs, and zip. The
// plan column is Loupe's own JSON but may be older (axes without targets) or damaged: anything that does not
// read cleanly gives no axes, and the contact sheet falls back to one axis per input.
import { z } from 'zod';
import type { BatchAxis } from '../../../src-shared/contracts/batches';
import type { JsonObject } from '../store';

const recordedPlanSchema = z.object({
  axes: z.array(
    z.object({
      kind: z.enum(['sweep', 'table', 'inputs', 'repeat']),
      source: z.string().max(100_000),
      targets: z.array(z.string().max(200)).min(1).max(1000),
    }),
  ),
  zip: z.boolean().catch(false),
});

export function axesOfPlan(plan: JsonObject | null): { axes: BatchAxis[]; zip: boolean } {
  const parsed = recordedPlanSchema.safeParse(plan);
  if (!parsed.success) return { axes: [], zip: false };
  return { axes: parsed.data.axes, zip: parsed.data.zip };
}
