// Every command the CLI has, in the order help lists them.
import type { CommandSpec } from './commandSpec';
import { assetCommands } from './commands/assets';
import { batchManageCommands } from './commands/batchManage';
import { batchRun } from './commands/batchRun';
import { jobListCommands } from './commands/jobsList';
import { jobOutputCommands } from './commands/jobsOutputs';
import { jobReadCommands } from './commands/jobsRead';
import { libraryCommands } from './commands/library';
import { libraryFileCommands } from './commands/libraryFiles';
import { submit } from './commands/jobsSubmit';
import { modelCommands } from './commands/models';
import { profileCommands } from './commands/profiles';
import { profileEdit } from './commands/profilesEdit';
import { storeCommands } from './commands/store';

export const commandTable: readonly CommandSpec[] = [
  ...profileCommands,
  profileEdit,
  submit,
  ...jobReadCommands,
  ...jobListCommands,
  ...jobOutputCommands,
  batchRun,
  ...batchManageCommands,
  ...assetCommands,
  ...libraryCommands,
  ...libraryFileCommands,
  ...modelCommands,
  ...storeCommands,
];

export const groupSummaries: Readonly<Record<string, string>> = {
  profiles: 'saved connections to a service',
  jobs: 'submit, follow and inspect jobs',
  batch: 'one workflow over many inputs, sent a window at a time',
  assets: 'hash, upload and download files',
  library: 'every output Loupe has seen: search, rate, keep and export',
  models: 'the Router\u2019s partner models',
  store: 'Loupe\u2019s own data file: check it, or start again when it is damaged',
};
