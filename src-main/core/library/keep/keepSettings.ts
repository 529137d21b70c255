// The keep settings: each profile's automatic rule (default `starred`: an entry rated 1 star or more is kept)
// and the library folder's disk budget (none by default). Stored in the settings table; a damaged value
// reads as the default, since the user can simply choose again.
import { z } from 'zod';
import { keepRuleSchema, type KeepRule } from '../../../../src-shared/contracts/library';
import type { LoupeStore } from '../../store';

const rulesSchema = z.record(z.string(), keepRuleSchema.catch('starred'));
const budgetSchema = z.number().int().positive().nullable();

export const DEFAULT_KEEP_RULE: KeepRule = 'starred';

export class KeepSettings {
  constructor(private readonly store: LoupeStore) {}

  rule(profileId: string): KeepRule {
    return this.rules()[profileId] ?? DEFAULT_KEEP_RULE;
  }

  setRule(profileId: string, rule: KeepRule): void {
    this.store.settings.set('libraryKeepRules', { ...this.rules(), [profileId]: rule });
  }

  /** Bytes the library folder may hold; null: no budget. */
  budget(): number | null {
    return this.read(() => this.store.settings.get('libraryKeepBudget', budgetSchema)) ?? null;
  }

  setBudget(bytes: number | null): void {
    this.store.settings.set('libraryKeepBudget', bytes);
  }

  private rules(): Record<string, KeepRule> {
    return this.read(() => this.store.settings.get('libraryKeepRules', rulesSchema)) ?? {};
  }

  private read<T>(get: () => T | null): T | null {
    try {
      return get();
    } catch {
      return null;
    }
  }
}
