// Every command the CLI has, in the order help lists them.
import type { CommandSpec } from './commandSpec';
import { assetCommands } from './commands/assets';
import { jobListCommands } from './commands/jobsList';
import { jobOutputCommands } from './commands/jobsOutputs';
import { jobReadCommands } from './commands/jobsRead';
import { submit } from './commands/jobsSubmit';
import { modelCommands } from './commands/models';
import { profileCommands } from './commands/profiles';

export const commandTable: readonly CommandSpec[] = [
  ...profileCommands,
  submit,
  ...jobReadCommands,
  ...jobListCommands,
  ...jobOutputCommands,
  ...assetCommands,
  ...modelCommands,
];

export const groupSummaries: Readonly<Record<string, string>> = {
  profiles: 'saved connections to a service',
  jobs: 'submit, follow and inspect jobs',
  assets: 'hash, upload and download files',
  models: 'the Router\u2019s partner models',
};
