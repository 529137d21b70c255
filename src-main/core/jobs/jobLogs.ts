// jobs.logs: the log document, or why there is none, in words (spec "GET /api/v2/jobs/{id}/logs"). A 204 on
// an unfinished job may become a log once it ends (the renderer reads again then); a 204 on a finished job
// is final; no logs link means the surface keeps none; a routing 404 is an older server without the operation.
import type { JobLogResult } from '../../../src-shared/contracts/jobs';
import { contractStatus, isTerminal } from '../jobSources/normalize';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import { readWire, type WireJob } from '../jobSources/wireJob';

const messages = {
  notCaptured: 'This service does not keep job logs, so there is no log to show.',
  // Host-neutral: the app reads it again on its own, the CLI says what to run; each host adds its own step.
  notYet: 'No log yet: the job has not finished, and the service writes its log when the job ends.',
  final:
    'This job finished without a log. That happens when the platform stopped the run (out of memory, a crash, ' +
    'a time limit), when the job predates log capture, or when the deployment withholds logs.',
  notSupported: 'This server is an older build that cannot serve job logs.',
} as const;

/** Reads the log of a job just read (`wire` must be a full read: its status decides what a 204 means). */
export async function readJobLog(api: ServiceJobs, wire: WireJob): Promise<JobLogResult> {
  const read = readWire(wire);
  if (read.urls === null || read.urls.logs === null) {
    return { state: 'none', reason: 'not-captured', message: messages.notCaptured };
  }
  const result = await api.jobs.logs({ id: read.id, urls: read.urls });
  if (result.log !== null) {
    return {
      state: 'available',
      text: result.log.text,
      truncated: result.log.truncated,
      capturedAt: result.log.captured_at,
      complete: result.log.complete,
    };
  }
  switch (result.reason) {
    case 'not-captured':
      return { state: 'none', reason: 'not-captured', message: messages.notCaptured };
    case 'not-supported':
      return { state: 'none', reason: 'not-supported', message: messages.notSupported };
    case 'no-content':
      return isTerminal(contractStatus(read.status))
        ? { state: 'none', reason: 'final', message: messages.final }
        : { state: 'none', reason: 'not-yet', message: messages.notYet };
  }
}
