// Typed events of the v2 job stream (NOTES "v2 SSE catalog"). An event we cannot read is passed on
// as 'unknown' with its raw text: the stream is a hint, and a poll will bring the truth anyway.
import type { EventSourceMessage } from 'eventsource-parser';
import type { z } from 'zod';
import { absoluteOutputLink } from './links';
import {
  LogEventSchema,
  OutputEventSchema,
  PreviewEventSchema,
  ProgressEventSchema,
  StatusEventSchema,
} from './schemas/events';
import type { JobStatus, Output, Progress } from './schemas/job';

export type JobStreamEvent =
  | { type: 'status'; status: JobStatus; queuePosition: number | null }
  | { type: 'progress'; progress: Progress }
  | { type: 'preview'; nodeId: string; contentType: string; dataBase64: string }
  | { type: 'output'; output: Output }
  | { type: 'log'; level: string; message: string }
  | { type: 'unknown'; event: string; data: string };

export function decodeJobEvent(message: EventSourceMessage, streamUrl: string): JobStreamEvent {
  const event = message.event ?? 'message';
  const unknown: JobStreamEvent = { type: 'unknown', event, data: message.data };
  const data = parseJson(message.data);
  if (data === undefined) return unknown;
  try {
    switch (event) {
      case 'status': {
        const status = read(StatusEventSchema, data);
        return status
          ? { type: 'status', status: status.status, queuePosition: status.queue_position }
          : unknown;
      }
      case 'progress': {
        const progress = read(ProgressEventSchema, data);
        return progress ? { type: 'progress', progress } : unknown;
      }
      case 'preview': {
        const preview = read(PreviewEventSchema, data);
        return preview
          ? {
              type: 'preview',
              nodeId: preview.node_id,
              contentType: preview.content_type,
              dataBase64: preview.data_base64,
            }
          : unknown;
      }
      case 'output': {
        const output = read(OutputEventSchema, data);
        return output ? { type: 'output', output: absoluteOutputLink(output, streamUrl) } : unknown;
      }
      case 'log': {
        const log = read(LogEventSchema, data);
        return log ? { type: 'log', level: log.level, message: log.message } : unknown;
      }
      default:
        return unknown;
    }
  } catch {
    // An output whose link is not a URL: the event is unreadable, not the stream.
    return unknown;
  }
}

function read<T>(schema: z.ZodType<T>, data: unknown): T | null {
  const result = schema.safeParse(data);
  return result.success ? result.data : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
