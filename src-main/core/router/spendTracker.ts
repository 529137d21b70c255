// The committed-spend meter: the latest limit/current/remaining (US cents) from any Router response that carried
// them (runs and 429s alike), the credits of the latest run that reported some, and the total over the profile's
// runs. Low means: say so before the next run.
import type { RouterSpend } from '../../../src-shared/contracts/models';
import type { RunMeta } from '../api';
import type { LoupeStore, SpendFigures } from '../store';

/** Under a tenth of the limit, or under a dollar: worth a word before a run. */
const LOW_FRACTION = 0.1;
const LOW_CENTS = 100;

function numberOf(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function hasAny(figures: SpendFigures): boolean {
  return figures.limit !== null || figures.current !== null || figures.remaining !== null;
}

export function isLow(figures: SpendFigures | null): boolean {
  if (figures === null) return false;
  const { limit, current, remaining } = figures;
  const left = remaining ?? (limit !== null && current !== null ? limit - current : null);
  if (left === null) return false;
  return left < LOW_CENTS || (limit !== null && limit > 0 && left < limit * LOW_FRACTION);
}

export class SpendTracker {
  constructor(private readonly store: LoupeStore) {}

  /**
   * From a run's answer; true when something changed. A replayed answer carries the figures of when it was first
   * given, so it only fills a meter that has none (it must not wind a newer one back).
   */
  recordMeta(profileId: string, meta: Pick<RunMeta, 'committedSpend' | 'creditsUsed' | 'replayed'>): boolean {
    if (meta.replayed === true && this.hasFigures(profileId)) return false;
    let changed = false;
    if (hasAny(meta.committedSpend)) {
      this.store.routerSpend.recordFigures(profileId, meta.committedSpend);
      changed = true;
    }
    if (meta.creditsUsed !== null) {
      this.store.routerSpend.recordCredits(profileId, meta.creditsUsed);
      changed = true;
    }
    return changed;
  }

  /** From an error answer's kept headers (a 429 carries the figures too); a replayed refusal as above. */
  recordHeaders(profileId: string, headers: Readonly<Record<string, string>>): boolean {
    const replayed = headers['idempotent-replayed']?.trim().toLowerCase() === 'true';
    if (replayed && this.hasFigures(profileId)) return false;
    const figures = {
      limit: numberOf(headers['x-committed-spend-limit']),
      current: numberOf(headers['x-committed-spend-current']),
      remaining: numberOf(headers['x-committed-spend-remaining']),
    };
    if (!hasAny(figures)) return false;
    this.store.routerSpend.recordFigures(profileId, figures);
    return true;
  }

  private hasFigures(profileId: string): boolean {
    return (this.store.routerSpend.read(profileId)?.figures ?? null) !== null;
  }

  spend(profileId: string): RouterSpend {
    const row = this.store.routerSpend.read(profileId);
    const figures = row?.figures ?? null;
    return {
      committedSpend: figures,
      lastCreditsUsed: row?.lastCredits ?? null,
      totalCreditsUsed: this.store.routerRuns.totalCredits(profileId),
      updatedAt: row?.updatedAt ?? null,
      low: isLow(figures),
    };
  }
}
