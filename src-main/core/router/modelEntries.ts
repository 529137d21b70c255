// A catalogue entry from the Router, made into what Loupe keeps and shows. The entry is untrusted: an id that is
// not a model id (the renderer could never ask for it anyway) is left out, and billing facts keep only short
// string values, exactly as the service wrote them (they are facts, never prices, and never reworded).
import { z } from 'zod';
import {
  modelIdSchema,
  modelOutputKindSchema,
  type ModelOutputKind,
  type ModelSummary,
} from '../../../src-shared/contracts/models';
import type { ModelEntry } from '../api';
import type { ModelFacts, StoredModel } from '../store';

const maxBillingFacts = 32;
const maxBillingKeyLength = 100;
const maxBillingValueLength = 500;

/** Only string values, bounded; anything else the service put there is not a fact Loupe can show as given. */
export function billingOf(raw: unknown): Record<string, string> {
  const record = z.record(z.string(), z.unknown()).safeParse(raw);
  if (!record.success) return {};
  const facts: Record<string, string> = {};
  for (const [key, value] of Object.entries(record.data).slice(0, maxBillingFacts)) {
    if (typeof value !== 'string' || key.length > maxBillingKeyLength) continue;
    facts[key] = value.slice(0, maxBillingValueLength);
  }
  return facts;
}

/** The two halves of a valid model id. */
export function idParts(modelId: string): { provider: string; model: string } {
  const slash = modelId.indexOf('/');
  return { provider: modelId.slice(0, slash), model: modelId.slice(slash + 1) };
}

export function storedModelOf(entry: ModelEntry): StoredModel | null {
  if (!modelIdSchema.safeParse(entry.id).success) return null;
  // The id is what a caller addresses; the halves are taken from it, so they can never disagree with it.
  return { id: entry.id, ...idParts(entry.id), billing: billingOf(entry.billing) };
}

export function outputKindOf(raw: string | null | undefined): ModelOutputKind | null {
  const parsed = modelOutputKindSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function summaryOf(model: StoredModel, facts: ModelFacts | undefined): ModelSummary {
  return { ...model, outputKind: outputKindOf(facts?.outputKind) };
}
