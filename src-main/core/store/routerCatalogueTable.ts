// What Loupe remembers of each profile's Router catalogue: the model list as last read in full (every page),
// replaced whole so a reader never sees half of an old list and half of a new one, and what each model's
// openapi.json said about its output (its kind and content type), kept apart because it is learnt one model
// at a time, when a model's page is opened.
import { z } from 'zod';
import { jsonColumn, parseOptionalRow, parseRows, toJson } from './rowCodec';
import { prepare, writeTransaction, type Db } from './sqlite';

export const storedModelSchema = z.object({
  id: z.string(),
  provider: z.string(),
  model: z.string(),
  billing: z.record(z.string(), z.string()),
});
export type StoredModel = z.infer<typeof storedModelSchema>;

export interface StoredCatalogue {
  models: StoredModel[];
  fetchedAt: string;
}

export interface ModelFacts {
  outputKind: string | null;
  outputContentType: string | null;
}

const catalogueDbRow = z
  .object({ profile_id: z.string(), models: jsonColumn(z.array(storedModelSchema)), fetched_at: z.string() })
  .transform((r): StoredCatalogue => ({ models: r.models, fetchedAt: r.fetched_at }));

const factsDbRow = z.object({
  model_id: z.string(),
  output_kind: z.string().nullable(),
  output_content_type: z.string().nullable(),
});

export class RouterCatalogueTable {
  private readonly selectCatalogue;
  private readonly upsertCatalogue;
  private readonly selectFacts;
  private readonly upsertFacts;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.selectCatalogue = prepare<{ profile_id: string }>(
      db,
      'SELECT profile_id, models, fetched_at FROM router_catalogues WHERE profile_id = :profile_id',
    );
    this.upsertCatalogue = prepare<{ profile_id: string; models: string; fetched_at: string }>(
      db,
      `INSERT INTO router_catalogues (profile_id, models, fetched_at) VALUES (:profile_id, :models, :fetched_at)
         ON CONFLICT (profile_id) DO UPDATE SET models = excluded.models, fetched_at = excluded.fetched_at`,
    );
    this.selectFacts = prepare<{ profile_id: string }>(
      db,
      'SELECT model_id, output_kind, output_content_type FROM router_model_facts WHERE profile_id = :profile_id',
    );
    this.upsertFacts = prepare<{
      profile_id: string;
      model_id: string;
      output_kind: string | null;
      output_content_type: string | null;
      at: string;
    }>(
      db,
      `INSERT INTO router_model_facts (profile_id, model_id, output_kind, output_content_type, updated_at)
         VALUES (:profile_id, :model_id, :output_kind, :output_content_type, :at)
         ON CONFLICT (profile_id, model_id) DO UPDATE SET output_kind = excluded.output_kind,
           output_content_type = excluded.output_content_type, updated_at = excluded.updated_at`,
    );
  }

  /**
   * The stored list, or null when there is none. Throws StoreError('corrupt_row') when the row is damaged; the
   * caller reads that as "none stored" and fetches the catalogue again.
   */
  read(profileId: string): StoredCatalogue | null {
    const raw = this.selectCatalogue.get({ profile_id: profileId });
    return parseOptionalRow('router_catalogues', 'profile_id', catalogueDbRow, raw);
  }

  replace(profileId: string, models: readonly StoredModel[], fetchedAt: string): void {
    this.upsertCatalogue.run({ profile_id: profileId, models: toJson(models), fetched_at: fetchedAt });
  }

  /** What each model's openapi.json said; a damaged row is left out (its model reads as unknown). */
  facts(profileId: string): Map<string, ModelFacts> {
    const { rows } = parseRows(
      'router_model_facts',
      'model_id',
      factsDbRow,
      this.selectFacts.all({ profile_id: profileId }),
    );
    return new Map(
      rows.map((row) => [
        row.model_id,
        { outputKind: row.output_kind, outputContentType: row.output_content_type },
      ]),
    );
  }

  setFacts(profileId: string, modelId: string, facts: ModelFacts): void {
    writeTransaction(this.db, () =>
      this.upsertFacts.run({
        profile_id: profileId,
        model_id: modelId,
        output_kind: facts.outputKind,
        output_content_type: facts.outputContentType,
        at: this.now().toISOString(),
      }),
    );
  }
}
