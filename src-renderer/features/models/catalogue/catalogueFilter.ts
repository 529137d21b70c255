import type { ModelOutputKind, ModelSummary } from '../../../../src-shared/contracts/models';

export interface CatalogueFilter {
  /** Matched against the model id, case-insensitively, in any part (`imagegen`, `acme/`, `-edit`). */
  search: string;
  /** '' for every provider. */
  provider: string;
  /** '' for every kind; a kind keeps only models whose output is known to be it. */
  outputKind: ModelOutputKind | '';
}

export function filterModels(models: readonly ModelSummary[], filter: CatalogueFilter): ModelSummary[] {
  const needle = filter.search.trim().toLowerCase();
  return models.filter(
    (model) =>
      (needle === '' || model.id.toLowerCase().includes(needle)) &&
      (filter.provider === '' || model.provider === filter.provider) &&
      (filter.outputKind === '' || model.outputKind === filter.outputKind),
  );
}

/** The providers in the catalogue, in order, for the filter. */
export function providersOf(models: readonly ModelSummary[]): string[] {
  return [...new Set(models.map((model) => model.provider))].sort();
}
