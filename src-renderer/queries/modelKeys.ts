// Query keys for the Router. Everything for a profile sits under ['models', profileId], so another profile
// never shows these models, runs or spend, and one invalidation clears a profile's Router data.
export const modelKeys = {
  profile: (profileId: string) => ['models', profileId] as const,
  catalogue: (profileId: string) => ['models', profileId, 'catalogue'] as const,
  detail: (profileId: string, modelId: string) => ['models', profileId, 'detail', modelId] as const,
  runs: (profileId: string) => ['models', profileId, 'runs'] as const,
  run: (profileId: string, runId: string) => ['models', profileId, 'run', runId] as const,
  spend: (profileId: string) => ['models', profileId, 'spend'] as const,
};
