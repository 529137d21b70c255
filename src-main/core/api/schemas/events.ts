// Payloads of the v2 job event stream (NOTES "v2 SSE catalog"). The stream is a hint; polling is the truth.
import { z } from 'zod';
import { JobStatusSchema, OutputSchema, ProgressSchema } from './job';
import { orNull } from './tolerant';

export const StatusEventSchema = z.looseObject({
  status: JobStatusSchema,
  queue_position: orNull(z.number()).catch(null),
});

export const PreviewEventSchema = z.looseObject({
  node_id: z.string().catch(''),
  content_type: z.string(),
  data_base64: z.string(),
});

export const LogEventSchema = z.looseObject({
  level: z.string().catch('info'),
  /** Untrusted text. */
  message: z.string(),
});

export const ProgressEventSchema = ProgressSchema;
export const OutputEventSchema = OutputSchema;
