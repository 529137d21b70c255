// The latest committed-spend figures the Router reported for a profile (US cents, from any response that
// carried them: runs and 429s), and the credits of the latest run that reported some. The total is not kept
// here: it is the sum over the profile's runs, so a run's credits are counted once however often it replays.
import { z } from 'zod';
import { isStoreError } from './errors';
import { parseOptionalRow } from './rowCodec';
import { prepare, type Db } from './sqlite';

export interface SpendFigures {
  limit: number | null;
  current: number | null;
  remaining: number | null;
}

export interface SpendRow {
  /** Null until a response carried at least one committed-spend header. */
  figures: SpendFigures | null;
  lastCredits: number | null;
  updatedAt: string;
}

const spendDbRow = z
  .object({
    profile_id: z.string(),
    spend_limit: z.number().nullable(),
    spend_current: z.number().nullable(),
    spend_remaining: z.number().nullable(),
    last_credits: z.number().nullable(),
    updated_at: z.string(),
  })
  .transform((r): SpendRow => ({
    figures:
      r.spend_limit === null && r.spend_current === null && r.spend_remaining === null
        ? null
        : { limit: r.spend_limit, current: r.spend_current, remaining: r.spend_remaining },
    lastCredits: r.last_credits,
    updatedAt: r.updated_at,
  }));

export class RouterSpendTable {
  private readonly selectOne;
  private readonly upsertFigures;
  private readonly upsertCredits;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.selectOne = prepare<{ profile_id: string }>(
      db,
      `SELECT profile_id, spend_limit, spend_current, spend_remaining, last_credits, updated_at
         FROM router_spend WHERE profile_id = :profile_id`,
    );
    // The three figures travel together on a response: a newer response replaces all three.
    this.upsertFigures = prepare<{
      profile_id: string;
      spend_limit: number | null;
      spend_current: number | null;
      spend_remaining: number | null;
      at: string;
    }>(
      db,
      `INSERT INTO router_spend (profile_id, spend_limit, spend_current, spend_remaining, last_credits, updated_at)
         VALUES (:profile_id, :spend_limit, :spend_current, :spend_remaining, NULL, :at)
         ON CONFLICT (profile_id) DO UPDATE SET spend_limit = excluded.spend_limit,
           spend_current = excluded.spend_current, spend_remaining = excluded.spend_remaining,
           updated_at = excluded.updated_at`,
    );
    this.upsertCredits = prepare<{ profile_id: string; credits: number; at: string }>(
      db,
      `INSERT INTO router_spend (profile_id, spend_limit, spend_current, spend_remaining, last_credits, updated_at)
         VALUES (:profile_id, NULL, NULL, NULL, :credits, :at)
         ON CONFLICT (profile_id) DO UPDATE SET last_credits = excluded.last_credits,
           updated_at = excluded.updated_at`,
    );
  }

  /** The stored figures; a damaged row reads as none (the next response brings new ones). */
  read(profileId: string): SpendRow | null {
    try {
      const raw = this.selectOne.get({ profile_id: profileId });
      return parseOptionalRow('router_spend', 'profile_id', spendDbRow, raw);
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) return null;
      throw error;
    }
  }

  recordFigures(profileId: string, figures: SpendFigures): void {
    this.upsertFigures.run({
      profile_id: profileId,
      spend_limit: figures.limit,
      spend_current: figures.current,
      spend_remaining: figures.remaining,
      at: this.now().toISOString(),
    });
  }

  recordCredits(profileId: string, credits: number): void {
    this.upsertCredits.run({ profile_id: profileId, credits, at: this.now().toISOString() });
  }
}
