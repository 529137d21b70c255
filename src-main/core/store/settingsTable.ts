// Small app-wide settings as JSON values under fixed keys. Each value is read back through the schema the
// caller gives, so a damaged or older value is a typed error rather than a wrong-shaped object.
import { z } from 'zod';
import { StoreError } from './errors';
import { jsonColumn, parseOptionalRow, toJson } from './rowCodec';
import { prepare, type Db } from './sqlite';

/** The keys in use, so two modules cannot pick the same name by accident. */
export type SettingKey =
  'activeProfileId' | 'builtInProfilesSeeded' | 'batchTemplates' | 'libraryKeepBudget' | 'libraryKeepRules';

const settingDbRow = z.object({ key: z.string(), value: z.string() });
const activeProfileSchema = z.string().min(1).nullable();

export class SettingsTable {
  private readonly selectOne;
  private readonly upsert;
  private readonly deleteRow;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.selectOne = prepare<{ key: string }>(db, 'SELECT key, value FROM settings WHERE key = :key');
    this.upsert = prepare<{ key: string; value: string; at: string }>(
      db,
      `INSERT INTO settings (key, value, updated_at) VALUES (:key, :value, :at)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
    this.deleteRow = prepare<{ key: string }>(db, 'DELETE FROM settings WHERE key = :key');
  }

  /** The stored value, or null when unset. Throws StoreError('corrupt_row') when it does not match `schema`. */
  get<T extends z.ZodType>(key: SettingKey, schema: T): z.output<T> | null {
    const row = parseOptionalRow('settings', 'key', settingDbRow, this.selectOne.get({ key }));
    if (row === null) return null;
    const value = jsonColumn(schema).safeParse(row.value);
    if (!value.success) {
      throw new StoreError('corrupt_row', `The saved setting ${key} could not be read: it is damaged.`, {
        table: 'settings',
        key,
        columns: ['value'],
      });
    }
    return value.data;
  }

  set(key: SettingKey, value: unknown): void {
    this.upsert.run({ key, value: toJson(value), at: this.now().toISOString() });
  }

  delete(key: SettingKey): void {
    this.deleteRow.run({ key });
  }

  /** The active profile id; a damaged value reads as "none chosen" since the user can simply choose again. */
  activeProfileId(): string | null {
    try {
      return this.get('activeProfileId', activeProfileSchema);
    } catch (error) {
      if (error instanceof StoreError) return null;
      throw error;
    }
  }

  setActiveProfileId(id: string | null): void {
    this.set('activeProfileId', id);
  }
}
