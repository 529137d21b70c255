// Query keys for batches. Everything for a profile sits under ['batches', profileId], so switching profiles
// can never show another profile's batches. The list key carries '#list', which no batch id can contain.
const LIST_MARK = '#list';

export const batchKeys = {
  profile: (profileId: string) => ['batches', profileId] as const,
  list: (profileId: string) => ['batches', profileId, LIST_MARK] as const,
  batch: (profileId: string, batchId: string) => ['batches', profileId, batchId] as const,
};
