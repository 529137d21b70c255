// What a model says it makes, for deciding which links of its paid output to keep: its output schema (from its
// openapi.json, as core fetches and caches it with its ETag) and its kind (what that schema says, else what the
// catalogue remembers). Read only when an output holds links nothing else explains, with a short time limit; a
// Router that cannot say is "not known", never a failure of the run.
import { isApiError, type RouterClient } from '../api';
import { isStoreError, type LoupeStore } from '../store';
import { boundedJsonObject } from './boundedJson';
import type { OutputHints } from './linkVerdict';
import { outputKindOf } from './modelEntries';
import { extractModelSchemas } from './openApiSchemas';
import { outputKindFrom } from './outputKind';

export interface OutputHintsDeps {
  store: LoupeStore;
  /** The time limit of the openapi.json read (a 304 when it is cached). */
  timeoutMs: number;
  logError: (message: string, error: unknown) => void;
}

export class OutputHintsReader {
  constructor(private readonly deps: OutputHintsDeps) {}

  async read(
    profileId: string,
    modelId: string,
    router: RouterClient,
    signal?: AbortSignal,
  ): Promise<OutputHints> {
    const schemas = await this.schemas(modelId, router, signal);
    const fromSchema = schemas === null ? null : outputKindFrom(schemas.outputContentType, schemas.output);
    return { schema: schemas?.output ?? null, kind: fromSchema ?? this.catalogueKind(profileId, modelId) };
  }

  private async schemas(modelId: string, router: RouterClient, signal: AbortSignal | undefined) {
    try {
      const openApi = await router.openApi(modelId, {
        timeoutMs: this.deps.timeoutMs,
        ...(signal === undefined ? {} : { signal }),
      });
      const document = boundedJsonObject(openApi.document);
      return document === null ? null : extractModelSchemas(document, modelId);
    } catch (error) {
      if (signal?.aborted === true) throw error;
      // No document (a 404, the Router unreachable, an unreadable one): the model says nothing.
      if (!isApiError(error)) {
        this.deps.logError(`The output schema of ${modelId} could not be read`, error);
      }
      return null;
    }
  }

  private catalogueKind(profileId: string, modelId: string) {
    try {
      return outputKindOf(this.deps.store.routerCatalogue.facts(profileId).get(modelId)?.outputKind);
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) return null;
      throw error;
    }
  }
}
