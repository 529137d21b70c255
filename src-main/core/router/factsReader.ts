// What the catalogue needs of each model and its list entry does not say: what the model makes (its openapi
// output). Read once per model in the background after the catalogue, kept with it (router_model_facts), so
// `--kind` and MAKES work before anyone opens a page. Bounded (a few reads at a time, a cap per pass, each read
// under a time limit) and supervised: a model whose page cannot be read is left unknown, the pass goes on, and
// a failure is logged, never thrown into a floating promise.
import { isApiError } from '../api';
import type { LoupeStore } from '../store';
import type { ModelDetailReader } from './modelDetail';

/** Reads at a time: the Router is one host, and the catalogue's pages come first. */
const CONCURRENCY = 4;
/** A catalogue of thousands is filled across passes, never in one burst. */
const MAX_PER_PASS = 500;
const READ_TIMEOUT_MS = 15_000;

export interface FactsReaderDeps {
  store: LoupeStore;
  detail: Pick<ModelDetailReader, 'facts'>;
  logError: (message: string, error: unknown) => void;
}

export class ModelFactsReader {
  /** One pass per profile at a time: a second ask joins the running one. */
  private readonly passes = new Map<string, Promise<void>>();
  /** Ends the reads in flight when the app closes: a pass must not write to (or log after) a closed store. */
  private readonly closing = new AbortController();

  constructor(private readonly deps: FactsReaderDeps) {}

  /** Models of the kept catalogue whose facts are not kept yet. */
  missing(profileId: string): string[] {
    const catalogue = this.deps.store.routerCatalogue.read(profileId);
    if (catalogue === null) return [];
    const facts = this.deps.store.routerCatalogue.facts(profileId);
    return catalogue.models.map((model) => model.id).filter((id) => !facts.has(id));
  }

  /** Waits for a pass (started if none runs) at most `waitMs`; the models still unknown after it. */
  async settle(profileId: string, waitMs: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    try {
      await Promise.race([this.fill(profileId), patience]);
    } finally {
      clearTimeout(timer);
    }
    return this.missing(profileId).length;
  }

  /** Starts (or joins) a pass; resolves when it ends. Never rejects. */
  fill(profileId: string): Promise<void> {
    if (this.closing.signal.aborted) return Promise.resolve();
    const running = this.passes.get(profileId);
    if (running !== undefined) return running;
    const pass = this.pass(profileId)
      .catch((error: unknown) => this.deps.logError(`Router model facts for ${profileId} paused`, error))
      .finally(() => this.passes.delete(profileId));
    this.passes.set(profileId, pass);
    return pass;
  }

  /** Stops every pass (the reads in flight are cut off) and waits until each has ended. Never rejects. */
  async stop(): Promise<void> {
    this.closing.abort();
    await Promise.all(this.passes.values());
  }

  private async pass(profileId: string): Promise<void> {
    const queue = this.missing(profileId).slice(0, MAX_PER_PASS);
    const { signal: closing } = this.closing;
    // A call, not the property: TypeScript would keep the loop's check of it through the await below.
    const closed = (): boolean => closing.aborted;
    const worker = async (): Promise<void> => {
      for (let modelId = queue.shift(); modelId !== undefined && !closed(); modelId = queue.shift()) {
        try {
          // The page's own reader: it keeps the openapi with its ETag and records the facts.
          const signal = AbortSignal.any([closing, AbortSignal.timeout(READ_TIMEOUT_MS)]);
          await this.deps.detail.facts(profileId, modelId, signal);
        } catch (error) {
          if (closed()) return;
          // A page the Router refuses (4xx) is an answer: kept as "not stated", so it is not asked for on
          // every list. A page that did not come (offline, 5xx, too slow) stays unknown for the next pass.
          if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500)
            this.deps.store.routerCatalogue.setFacts(profileId, modelId, {
              outputKind: null,
              outputContentType: null,
            });
          this.deps.logError(`Router model ${modelId}: its page could not be read`, error);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
}
