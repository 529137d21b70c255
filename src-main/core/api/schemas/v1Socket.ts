// Frames of the v1 WebSocket (job-and-asset-api.md "Events", NOTES "v1 WebSocket messages").
// JSON frames are {type, data}; a type we do not know, or a known type with unreadable data, is
// passed on as 'unknown' with the raw data rather than dropped or thrown.
import { z } from 'zod';
import { orNull } from './tolerant';

const nodeId = z.union([z.string(), z.number().transform(String)]);
const optionalNodeId = orNull(nodeId).catch(null);
const optionalText = orNull(z.string()).catch(null);

const dataSchemas = {
  status: z.looseObject({
    status: z
      .looseObject({ exec_info: z.looseObject({ queue_remaining: orNull(z.number()).catch(null) }) })
      .transform((status) => ({ queueRemaining: status.exec_info.queue_remaining }))
      .catch({ queueRemaining: null }),
    /** Sent only on the first connect. */
    sid: optionalText,
  }),
  execution_start: z.looseObject({ prompt_id: z.string() }),
  execution_cached: z.looseObject({ prompt_id: z.string(), nodes: z.array(nodeId).catch([]) }),
  /** `node` null means the prompt finished. */
  executing: z.looseObject({ prompt_id: optionalText, node: optionalNodeId, display_node: optionalNodeId }),
  progress: z.looseObject({
    prompt_id: optionalText,
    node: optionalNodeId,
    value: z.number(),
    max: z.number(),
  }),
  progress_state: z.looseObject({
    prompt_id: z.string(),
    nodes: z.record(z.string(), z.unknown()).catch({}),
  }),
  executed: z.looseObject({
    prompt_id: z.string(),
    node: nodeId,
    display_node: optionalNodeId,
    output: z.record(z.string(), z.unknown()).catch({}),
  }),
  execution_success: z.looseObject({ prompt_id: z.string(), timestamp: orNull(z.number()).catch(null) }),
  execution_error: z.looseObject({
    prompt_id: z.string(),
    /** Untrusted text. */
    exception_message: z.string().catch(''),
    exception_type: optionalText,
    node_id: optionalNodeId,
    node_type: optionalText,
    traceback: z.array(z.string()).catch([]),
  }),
  execution_interrupted: z.looseObject({
    prompt_id: z.string(),
    node_id: optionalNodeId,
    node_type: optionalText,
  }),
  notification: z.looseObject({ value: z.string().catch('') }),
} as const;

type KnownType = keyof typeof dataSchemas;
export type V1KnownMessage = {
  [K in KnownType]: { type: K; data: z.output<(typeof dataSchemas)[K]> };
}[KnownType];
export type V1JsonMessage = V1KnownMessage | { type: 'unknown'; rawType: string; data: unknown };

const frameSchema = z.looseObject({ type: z.string(), data: z.unknown() });

function isKnownType(type: string): type is KnownType {
  return Object.hasOwn(dataSchemas, type);
}

function parseKnown(type: KnownType, data: unknown): V1KnownMessage | null {
  const result = dataSchemas[type].safeParse(data);
  // The schema was looked up by `type`, so the pair matches; TypeScript cannot correlate the two.
  return result.success ? ({ type, data: result.data } as V1KnownMessage) : null;
}

/** Reads one text frame; null when it is not a {type, data} JSON object at all. */
export function parseV1JsonFrame(text: string): V1JsonMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const frame = frameSchema.safeParse(value);
  if (!frame.success) return null;
  const { type, data } = frame.data;
  const known = isKnownType(type) ? parseKnown(type, data) : null;
  return known ?? { type: 'unknown', rawType: type, data };
}
