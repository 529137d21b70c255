// One model's page: its catalogue entry and its schemas, from the openapi.json kept per profile with its ETag
// (RouterClient.openApi sends If-None-Match and uses the kept copy on 304). What the document says about the
// output is remembered, so the catalogue can filter by kind for models whose page has been opened.
import type { ModelDetail } from '../../../src-shared/contracts/models';
import type { LoupeStore } from '../store';
import { boundedJsonObject } from './boundedJson';
import { billingOf, idParts } from './modelEntries';
import { extractModelSchemas } from './openApiSchemas';
import { outputKindFrom } from './outputKind';
import type { RouterConnector } from './routerConnector';

export interface ModelDetailDeps {
  store: LoupeStore;
  connector: RouterConnector;
}

export class ModelDetailReader {
  constructor(private readonly deps: ModelDetailDeps) {}

  /** `modelId` is already a valid model id (the contract's and RouterClient's checks). */
  async detail(profileId: string, modelId: string, signal?: AbortSignal): Promise<ModelDetail> {
    const { router } = await this.deps.connector.clients(profileId);
    const options = signal === undefined ? {} : { signal };
    const [entry, openApi] = await Promise.all([
      router.getModel(modelId, options),
      router.openApi(modelId, options),
    ]);
    const { schemas, outputKind } = this.remember(profileId, modelId, openApi.document);
    return {
      // The id asked for, not the one the answer claims: the page is about the model the caller addressed.
      id: modelId,
      ...idParts(modelId),
      billing: billingOf(entry.billing),
      outputKind,
      schema: { ...schemas, etag: openApi.etag, fromCache: openApi.fromCache },
    };
  }

  /** Only what the catalogue needs (the openapi, kept with its ETag): what the model makes. */
  async facts(profileId: string, modelId: string, signal?: AbortSignal): Promise<void> {
    const { router } = await this.deps.connector.clients(profileId);
    const openApi = await router.openApi(modelId, signal === undefined ? {} : { signal });
    this.remember(profileId, modelId, openApi.document);
  }

  private remember(profileId: string, modelId: string, raw: unknown) {
    const document = boundedJsonObject(raw);
    const schemas =
      document === null
        ? { input: null, output: null, outputContentType: null }
        : extractModelSchemas(document, modelId);
    const outputKind = outputKindFrom(schemas.outputContentType, schemas.output);
    this.deps.store.routerCatalogue.setFacts(profileId, modelId, {
      outputKind,
      outputContentType: schemas.outputContentType,
    });
    return { schemas, outputKind };
  }
}
