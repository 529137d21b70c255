// Batch plans kept to run again ("a plan can be saved as a template and run again"): the workflow's text,
// its variations and the window, under a name, in Loupe's settings (one JSON list; a damaged list reads as
// empty rather than blocking the New batch screen). At most MAX_TEMPLATES; the oldest go first.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { batchTemplateSchema, type BatchTemplate } from '../../../src-shared/contracts/batches';
import { StoreError, type LoupeStore } from '../store';

export const MAX_TEMPLATES = 100;

const templatesSchema = z.array(batchTemplateSchema);

export class BatchTemplates {
  constructor(
    private readonly store: LoupeStore,
    private readonly now: () => Date = () => new Date(),
    private readonly newId: () => string = randomUUID,
  ) {}

  /** Newest first. */
  list(): BatchTemplate[] {
    try {
      return this.store.settings.get('batchTemplates', templatesSchema) ?? [];
    } catch (error) {
      if (error instanceof StoreError) return [];
      throw error;
    }
  }

  /** Saves under `name`; a template of the same name (case-insensitive) is replaced, keeping its id. */
  save(name: string, plan: BatchTemplate['plan']): BatchTemplate {
    const all = this.list();
    const same = all.find((template) => template.name.toLowerCase() === name.trim().toLowerCase());
    const saved: BatchTemplate = {
      id: same?.id ?? this.newId(),
      name: name.trim(),
      savedAt: this.now().toISOString(),
      plan,
    };
    const kept = all.filter((template) => template !== same);
    this.store.settings.set('batchTemplates', [saved, ...kept].slice(0, MAX_TEMPLATES));
    return saved;
  }

  delete(id: string): boolean {
    const all = this.list();
    const kept = all.filter((template) => template.id !== id);
    if (kept.length === all.length) return false;
    this.store.settings.set('batchTemplates', kept);
    return true;
  }
}
