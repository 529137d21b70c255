// Public surface of core/jobs: the active profile's jobs (what the hosts wire), and the pieces tests and the
// CLI may build on.
export { createProfileJobs, type ProfileJobs, type ProfileJobsOptions } from './profileJobs';
export { JobsService, type SubmitArgs } from './jobsService';
export { contractStatus, isTerminal, toSnapshot, toSummary, type LocalFacts } from '../jobSources/normalize';
export { parseWorkflowText, uiFormatFailure } from './workflowText';
export type { WireJob } from '../jobSources/wireJob';
export { ProfileRuntimes, type ProfileRuntimesDeps, type ProfileWork } from './profileRuntimes';
