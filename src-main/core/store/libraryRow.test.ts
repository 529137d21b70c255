import { describe, expect, it } from 'vitest';
import { emptyEntryFacts, libraryEntryDbRow, libraryPageDbRow } from './libraryRow';

/** A row as SQLite hands it back, every column present. */
function dbRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    entry_id: 7,
    profile_id: 'studio',
    profile_name: 'Studio',
    source: 'job',
    job_id: 'j1',
    asset_id: 'a1',
    name: 'out.png',
    type: 'image',
    content_type: 'image/png',
    size: 10,
    hash: null,
    title: 'a lighthouse',
    created_at: '2026-01-01T00:00:00.000Z',
    terminal_at: null,
    job_status: 'succeeded',
    batch_id: 'b1',
    batch_values: '{"3.seed":"4"}',
    prompt: 'a lighthouse',
    seed: 4,
    steps: 20,
    cfg: 7,
    sampler: 'euler',
    model: null,
    width: 64,
    height: 64,
    facts: '{"batchName":"Sweep"}',
    rating: 0,
    rejected: 0,
    expires_at: null,
    keep_state: 'none',
    keep_message: null,
    kept_at: null,
    thumb_state: 'ready',
    thumb_message: null,
    ...overrides,
  };
}

describe('library rows', () => {
  it('a page row takes the batch name from its slim facts and reads the rest of the facts as empty', () => {
    const row = libraryPageDbRow.parse(dbRow());
    expect(row.facts).toEqual({ ...emptyEntryFacts(), batchName: 'Sweep' });
    expect(row.batchValues).toEqual({ '3.seed': '4' });
  });

  it('a page row with damaged or missing facts reads as empty facts, never failing the page', () => {
    expect(libraryPageDbRow.parse(dbRow({ facts: null })).facts).toEqual(emptyEntryFacts());
    expect(libraryPageDbRow.parse(dbRow({ facts: '{"batchName":' })).facts).toEqual(emptyEntryFacts());
    expect(libraryPageDbRow.parse(dbRow({ facts: '{"batchName":42}' })).facts).toEqual(emptyEntryFacts());
  });

  it('batch values: null stays null, damaged JSON or a wrong shape reads as null', () => {
    expect(libraryPageDbRow.parse(dbRow({ batch_values: null })).batchValues).toBeNull();
    expect(libraryPageDbRow.parse(dbRow({ batch_values: '{"3.seed":' })).batchValues).toBeNull();
    expect(libraryEntryDbRow.parse(dbRow({ batch_values: '["x"]' })).batchValues).toBeNull();
  });

  it('a whole row still reads every fact it holds', () => {
    const facts = { ...emptyEntryFacts(), prompts: ['a lighthouse'], models: ['sdxl'], batchName: 'Sweep' };
    const row = libraryEntryDbRow.parse(dbRow({ facts: JSON.stringify(facts) }));
    expect(row.facts).toEqual(facts);
  });
});
