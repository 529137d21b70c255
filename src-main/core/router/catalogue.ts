// A profile's Router catalogue: every page, followed through next_cursor while has_more is true (a short page is
// not the end, NOTES part B), kept in the store and answered from there unless asked to refresh. When the Router
// cannot be read and a copy is kept, the copy is answered, marked stale, with the reason.
import type { ModelCatalogue } from '../../../src-shared/contracts/models';
import { ApiError, isApiError, type RouterClient } from '../api';
import { ProfileError } from '../profiles';
import { isStoreError, type LoupeStore, type StoredCatalogue, type StoredModel } from '../store';
import { storedModelOf, summaryOf } from './modelEntries';
import type { RouterConnector } from './routerConnector';

/** Beyond these the "catalogue" is a server gone wrong (or hostile), not a list of models. */
const MAX_PAGES = 1000;
const MAX_MODELS = 20_000;
const MAX_CURSOR_LENGTH = 512;

export interface CatalogueDeps {
  store: LoupeStore;
  connector: RouterConnector;
  /** Models asked for per page (the Router serves at most 100). */
  pageSize: number;
  now: () => Date;
}

export interface CatalogueOptions {
  refresh?: boolean;
  signal?: AbortSignal;
}

export class CatalogueReader {
  constructor(private readonly deps: CatalogueDeps) {}

  async catalogue(profileId: string, options: CatalogueOptions = {}): Promise<ModelCatalogue> {
    if (!(await this.deps.connector.hasRouter(profileId))) {
      return {
        kind: 'no_router',
        message: 'This profile has no Router address. Add one in its settings to see the models it offers.',
      };
    }
    const stored = this.stored(profileId);
    if (stored !== null && options.refresh !== true) return this.answer(profileId, stored, null);
    try {
      const { router } = await this.deps.connector.clients(profileId);
      const models = await this.readAllPages(router, options.signal);
      const fetchedAt = this.deps.now().toISOString();
      this.deps.store.routerCatalogue.replace(profileId, models, fetchedAt);
      return this.answer(profileId, { models, fetchedAt }, null);
    } catch (error) {
      const reason = unreachableReason(error);
      if (stored === null || reason === null) throw error;
      return this.answer(profileId, stored, reason);
    }
  }

  private async readAllPages(router: RouterClient, signal: AbortSignal | undefined): Promise<StoredModel[]> {
    const models = new Map<string, StoredModel>();
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const read = await router.listModels(
        { limit: this.deps.pageSize, ...(cursor === undefined ? {} : { cursor }) },
        signal === undefined ? {} : { signal },
      );
      for (const entry of read.models) {
        const model = storedModelOf(entry);
        if (model !== null && !models.has(model.id)) models.set(model.id, model);
      }
      if (models.size > MAX_MODELS)
        throw badCatalogue('The Router’s catalogue is far larger than Loupe accepts.');
      if (!read.hasMore || read.nextCursor === null) return [...models.values()];
      const next = read.nextCursor;
      if (next.length > MAX_CURSOR_LENGTH || cursors.has(next)) {
        throw badCatalogue('The Router’s catalogue pages lead round in a circle.');
      }
      cursors.add(next);
      cursor = next;
    }
    throw badCatalogue('The Router’s catalogue has more pages than Loupe follows.');
  }

  /** A damaged stored copy is no copy: the catalogue is read again. */
  private stored(profileId: string): StoredCatalogue | null {
    try {
      return this.deps.store.routerCatalogue.read(profileId);
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) return null;
      throw error;
    }
  }

  private answer(profileId: string, catalogue: StoredCatalogue, staleReason: string | null): ModelCatalogue {
    const facts = this.deps.store.routerCatalogue.facts(profileId);
    return {
      kind: 'catalogue',
      models: catalogue.models.map((model) => summaryOf(model, facts.get(model.id))),
      fetchedAt: catalogue.fetchedAt,
      stale: staleReason !== null,
      staleReason,
    };
  }
}

function badCatalogue(message: string): ApiError {
  return ApiError.invalidResponse(message, 200, null);
}

/**
 * Why the Router could not be read, in words, when a kept copy may stand in; null for a failure a copy must not
 * hide (a bug, a refusal Loupe made itself).
 */
function unreachableReason(error: unknown): string | null {
  if (error instanceof ProfileError && error.code === 'demo_not_running') return error.message;
  if (!isApiError(error) || error.kind === 'invalid-request') return null;
  if (error.kind === 'network')
    return 'Loupe could not reach the Router; these are the models it listed before.';
  if (error.kind === 'timeout')
    return 'The Router did not answer in time; these are the models it listed before.';
  if (error.kind === 'http') {
    return `The Router answered ${error.status} (${error.code.slice(0, 100)}); these are the models it listed before.`;
  }
  return 'The Router’s answer could not be read; these are the models it listed before.';
}
