// Rows of saved connection profiles. Validation of what a profile may contain lives in core/profiles; this
// module only keeps rows and reads them back strictly.
import { z } from 'zod';
import { idTakenError, StoreError } from './errors';
import { parseOptionalRow, parseRows, type RowsRead } from './rowCodec';
import { prepare, writeTransaction, type Db } from './sqlite';

export const surfaceSchema = z.enum(['self-hosted', 'managed', 'serverless']);
export type Surface = z.infer<typeof surfaceSchema>;
export const builtInSchema = z.enum(['local', 'demo']);
export type BuiltIn = z.infer<typeof builtInSchema>;

const profileDbRow = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    surface: surfaceSchema,
    base_url: z.string().nullable(),
    router_base_url: z.string().nullable(),
    built_in: builtInSchema.nullable(),
    /** 0 or 1: anything else is a damaged row, never read as "on". */
    send_partner_key: z.union([z.literal(0), z.literal(1)]),
    credential_saved: z.union([z.literal(0), z.literal(1), z.null()]),
    sort_order: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((r) => ({
    id: r.id,
    name: r.name,
    surface: r.surface,
    baseUrl: r.base_url,
    routerBaseUrl: r.router_base_url,
    builtIn: r.built_in,
    sendPartnerKey: r.send_partner_key === 1,
    /** Whether a key was saved in the keychain for it; null: not known (saved before Loupe kept this). */
    credentialSaved: r.credential_saved === null ? null : r.credential_saved === 1,
    sortOrder: r.sort_order,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
export type ProfileRow = z.output<typeof profileDbRow>;

export interface NewProfileRow {
  id: string;
  name: string;
  surface: Surface;
  /** Null only for a profile whose address is resolved at run time (the Demo server). */
  baseUrl: string | null;
  routerBaseUrl: string | null;
  builtIn: BuiltIn | null;
  /** Send the profile's key with workflows that use partner nodes; off when absent. */
  sendPartnerKey?: boolean;
}

export type ProfileRowPatch = Partial<
  Pick<NewProfileRow, 'name' | 'surface' | 'baseUrl' | 'routerBaseUrl' | 'sendPartnerKey'>
>;

const columns =
  'id, name, surface, base_url, router_base_url, built_in, send_partner_key, credential_saved, sort_order, ' +
  'created_at, updated_at';

export class ProfilesTable {
  private readonly selectOne;
  private readonly selectAll;
  private readonly insertRow;
  private readonly updateRow;
  private readonly deleteRow;
  private readonly setSortOrder;
  private readonly setSaved;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.selectOne = prepare<{ id: string }>(db, `SELECT ${columns} FROM profiles WHERE id = :id`);
    this.selectAll = prepare(db, `SELECT ${columns} FROM profiles ORDER BY sort_order, created_at, id`);
    this.insertRow = prepare<{
      id: string;
      name: string;
      surface: string;
      base_url: string | null;
      router_base_url: string | null;
      built_in: string | null;
      send_partner_key: number;
      at: string;
    }>(
      db,
      `INSERT INTO profiles (${columns}) VALUES (:id, :name, :surface, :base_url, :router_base_url, :built_in,
         :send_partner_key, 0, (SELECT COALESCE(MAX(sort_order), -1) + 1 FROM profiles), :at, :at)`,
    );
    this.updateRow = prepare<{
      id: string;
      name: string;
      surface: string;
      base_url: string | null;
      router_base_url: string | null;
      send_partner_key: number;
      at: string;
    }>(
      db,
      `UPDATE profiles SET name = :name, surface = :surface, base_url = :base_url,
         router_base_url = :router_base_url, send_partner_key = :send_partner_key, updated_at = :at
         WHERE id = :id`,
    );
    this.deleteRow = prepare<{ id: string }>(db, 'DELETE FROM profiles WHERE id = :id');
    this.setSortOrder = prepare<{ id: string; sort_order: number }>(
      db,
      'UPDATE profiles SET sort_order = :sort_order WHERE id = :id',
    );
    this.setSaved = prepare<{ id: string; saved: number | null }>(
      db,
      'UPDATE profiles SET credential_saved = :saved WHERE id = :id AND credential_saved IS NOT :saved',
    );
  }

  get(id: string): ProfileRow | null {
    return parseOptionalRow('profiles', 'id', profileDbRow, this.selectOne.get({ id }));
  }

  list(): RowsRead<ProfileRow> {
    return parseRows('profiles', 'id', profileDbRow, this.selectAll.all({}));
  }

  insert(row: NewProfileRow): ProfileRow {
    return writeTransaction(this.db, () => {
      if (this.selectOne.get({ id: row.id }) !== undefined) {
        throw idTakenError('profiles', 'A profile', row.id);
      }
      this.insertRow.run({
        id: row.id,
        name: row.name,
        surface: row.surface,
        base_url: row.baseUrl,
        router_base_url: row.routerBaseUrl,
        built_in: row.builtIn,
        send_partner_key: row.sendPartnerKey === true ? 1 : 0,
        at: this.now().toISOString(),
      });
      return this.require(row.id);
    });
  }

  update(id: string, patch: ProfileRowPatch): ProfileRow {
    return writeTransaction(this.db, () => {
      const current = this.require(id);
      this.updateRow.run({
        id,
        name: patch.name ?? current.name,
        surface: patch.surface ?? current.surface,
        base_url: patch.baseUrl === undefined ? current.baseUrl : patch.baseUrl,
        router_base_url: patch.routerBaseUrl === undefined ? current.routerBaseUrl : patch.routerBaseUrl,
        send_partner_key: (patch.sendPartnerKey ?? current.sendPartnerKey) ? 1 : 0,
        at: this.now().toISOString(),
      });
      return this.require(id);
    });
  }

  /**
   * Records whether the keychain holds a key for the profile (no secret: only yes or no). Not a change the
   * user made, so `updated_at` stays; a row already saying so is not written again.
   */
  setCredentialSaved(id: string, saved: boolean | null): void {
    this.setSaved.run({ id, saved: saved === null ? null : saved ? 1 : 0 });
  }

  /** Deletes the profile and, through foreign keys, its jobs, outputs, uploads and batches. */
  remove(id: string): boolean {
    return this.deleteRow.run({ id }).changes > 0;
  }

  /** Sets the display order to the order of `ids`; ids not listed keep their relative order after them. */
  reorder(ids: readonly string[]): void {
    writeTransaction(this.db, () => {
      const rest = this.list().rows.filter((row) => !ids.includes(row.id));
      [...ids, ...rest.map((row) => row.id)].forEach((id, index) => {
        this.setSortOrder.run({ id, sort_order: index });
      });
    });
  }

  private require(id: string): ProfileRow {
    const row = this.get(id);
    if (row === null) {
      throw new StoreError('not_found', `There is no profile with id ${id}.`, { table: 'profiles', key: id });
    }
    return row;
  }
}
