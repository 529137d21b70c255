// Reading a job of thousands of outputs without holding main: the job's own fields at once, its outputs a
// slice at a time with the event loop running between (issue 19: a read of a 10,000-output job parsed,
// linked and budgeted every output in one go, 70 ms warm and over 200 ms cold, on every poll). The result is
// what JobSchema, absoluteJobLinks and the unknown-field budget make of the body in one go.
import { z } from 'zod';
import { ApiError, JobSchema, OutputSchema, type Output } from '../api';
import { absoluteJobLinks, absoluteOutputLink } from '../api/links';
import { partitionList } from '../api/schemas/tolerant';
import { UnknownFieldBudget } from './unknownFields';
import { rawStatusOf, wireFromBoundedJob, type WireJob } from './wireJob';

/** Outputs read between two turns of the event loop. */
const outputsPerSlice = 1000;

/** The Job schema with its outputs left unread, to be read a slice at a time. */
const JobHeadSchema = JobSchema.extend({ outputs: z.array(z.unknown()).catch([]) });

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface ReadJobAnswer {
  body: unknown;
  status: number;
  requestId: string | null;
  /** The URL that answered: host-relative links resolve against it. */
  url: string;
}

export async function wireFromJobInParts(
  answer: ReadJobAnswer,
  yieldNow: () => Promise<void> = yieldToEventLoop,
): Promise<WireJob> {
  const head = JobHeadSchema.safeParse(answer.body);
  if (!head.success) {
    throw ApiError.invalidResponse('The job could not be read.', answer.status, answer.requestId);
  }
  const budget = new UnknownFieldBudget();
  const job = budget.head(absoluteJobLinks({ ...head.data, outputs: [] }, answer.url));
  const raw = head.data.outputs;
  const outputs: Output[] = [];
  for (let start = 0; start < raw.length; start += outputsPerSlice) {
    if (start > 0) await yieldNow();
    for (const output of partitionList(raw.slice(start, start + outputsPerSlice), OutputSchema).items) {
      outputs.push(budget.output(absoluteOutputLink(output, answer.url)));
    }
  }
  return wireFromBoundedJob({ ...job, outputs }, rawStatusOf(answer.body));
}
