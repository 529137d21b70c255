// `loupe models …`: the Router (model-router-api.md, NOTES part B) through core's Router service, as the app
// uses it: the catalogue and a model's page, runs kept in Loupe's store, and the profile's run history.
import type { CommandSpec } from '../commandSpec';
import { modelCatalogueCommands } from './modelsCatalogue';
import { modelRequestCommands } from './modelsRequests';
import { modelRunCommands } from './modelsRun';

export const modelCommands: readonly CommandSpec[] = [
  ...modelCatalogueCommands,
  ...modelRunCommands,
  ...modelRequestCommands,
];
