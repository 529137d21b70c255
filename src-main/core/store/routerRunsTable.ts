// Router runs, written before they are sent (ARCHITECTURE rule 6): the intent, its input and its
// Idempotency-Key reach the disk (synced) first, the run is marked sent (synced) just before each send, and the
// answer is recorded when it comes. After a crash a run reads `pending` (certainly not sent) or `sent` (may
// have arrived): either is sent again under the same key, and the Router replays rather than runs it twice.
// Every read that a caller of the contract can reach is scoped by profile: a run id alone finds nothing.
import { idTakenError } from './errors';
import { idempotencyKeySchema, stateList } from './outbox';
import { parseOptionalRow, parseRows, toJson, type RowsRead } from './rowCodec';
import {
  OPEN_RUN_STATES,
  ROUTER_RUN_COLUMNS,
  routerRunDbRow,
  type RouterRunIntent,
  type RouterRunRow,
} from './routerRunRow';
import { RouterRunSteps } from './routerRunSteps';
import { durableTransaction, prepare, type Db } from './sqlite';

export class RouterRunsTable extends RouterRunSteps {
  private readonly insertRow;
  private readonly selectOne;
  private readonly selectByKey;
  private readonly selectForProfile;
  private readonly selectOpen;
  private readonly selectSavingMedia;
  private readonly sumCredits;

  constructor(db: Db, now: () => Date) {
    super(db, now);
    this.insertRow = prepare<{
      id: string;
      profile_id: string;
      model_id: string;
      mode: string;
      idempotency_key: string;
      input: string;
      options: string;
      at: string;
    }>(
      db,
      `INSERT INTO router_runs (id, profile_id, model_id, mode, state, idempotency_key, input, options, attempts,
         created_at, updated_at)
         VALUES (:id, :profile_id, :model_id, :mode, 'pending', :idempotency_key, :input, :options, 0, :at, :at)`,
    );
    this.selectOne = prepare<{ id: string }>(
      db,
      `SELECT ${ROUTER_RUN_COLUMNS} FROM router_runs WHERE id = :id`,
    );
    this.selectByKey = prepare<{ key: string }>(
      db,
      `SELECT ${ROUTER_RUN_COLUMNS} FROM router_runs WHERE idempotency_key = :key`,
    );
    this.selectForProfile = prepare<{ profile_id: string; limit: number }>(
      db,
      `SELECT ${ROUTER_RUN_COLUMNS} FROM router_runs WHERE profile_id = :profile_id
         ORDER BY created_at DESC, rowid DESC LIMIT :limit`,
    );
    this.selectOpen = prepare(
      db,
      `SELECT ${ROUTER_RUN_COLUMNS} FROM router_runs WHERE state IN (${stateList(OPEN_RUN_STATES)})
         ORDER BY created_at, rowid`,
    );
    // A completed run whose linked media were still being saved when the app stopped.
    this.selectSavingMedia = prepare(
      db,
      `SELECT ${ROUTER_RUN_COLUMNS} FROM router_runs WHERE state = 'completed'
         AND media LIKE '%"state":"saving"%' ORDER BY created_at, rowid`,
    );
    this.sumCredits = prepare<{ profile_id: string }>(
      db,
      'SELECT COALESCE(SUM(credits_used), 0) AS total FROM router_runs WHERE profile_id = :profile_id',
    );
  }

  /** Records a run and its key before anything is sent; synced to disk before it returns. */
  insert(intent: RouterRunIntent): RouterRunRow {
    idempotencyKeySchema.parse(intent.idempotencyKey);
    return durableTransaction(this.db, () => {
      if (this.selectOne.get({ id: intent.id }) !== undefined) {
        throw idTakenError('router_runs', 'A Router run', intent.id);
      }
      this.insertRow.run({
        id: intent.id,
        profile_id: intent.profileId,
        model_id: intent.modelId,
        mode: intent.mode,
        idempotency_key: intent.idempotencyKey,
        input: toJson(intent.input),
        options: toJson(intent.options),
        at: this.at(),
      });
      return this.require(intent.id);
    });
  }

  /** Any profile's run by id: main's own use (the watcher, resume). Throws StoreError('corrupt_row'). */
  override get(id: string): RouterRunRow | null {
    return parseOptionalRow('router_runs', 'id', routerRunDbRow, this.selectOne.get({ id }));
  }

  /** A run of this profile; another profile's run is no run at all. */
  getForProfile(profileId: string, id: string): RouterRunRow | null {
    const row = this.get(id);
    return row !== null && row.profileId === profileId ? row : null;
  }

  /** The run recorded under this key, whichever profile's it is (keys are unique on disk). */
  findByKey(key: string): RouterRunRow | null {
    return parseOptionalRow('router_runs', 'id', routerRunDbRow, this.selectByKey.get({ key }));
  }

  /** The profile's runs, newest first. */
  list(profileId: string, limit: number): RowsRead<RouterRunRow> {
    return parseRows(
      'router_runs',
      'id',
      routerRunDbRow,
      this.selectForProfile.all({ profile_id: profileId, limit }),
    );
  }

  /** Runs of every profile still waiting on the Router (resumed when the app starts). */
  open(): RowsRead<RouterRunRow> {
    return parseRows('router_runs', 'id', routerRunDbRow, this.selectOpen.all({}));
  }

  /** Completed runs of every profile with media still marked as being saved. */
  savingMedia(): RowsRead<RouterRunRow> {
    return parseRows('router_runs', 'id', routerRunDbRow, this.selectSavingMedia.all({}));
  }

  /** Credits of every run recorded for the profile. */
  totalCredits(profileId: string): number {
    const row = this.sumCredits.get({ profile_id: profileId });
    const total = typeof row === 'object' && row !== null && 'total' in row ? Number(row.total) : 0;
    return Number.isFinite(total) ? total : 0;
  }
}
