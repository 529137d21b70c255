// Which node classes are partner (API) nodes, as the service's GET /api/object_info says (`api_node: true` on
// the class definition), kept per profile for a while so a batch of a thousand items asks once. Read through
// the v1 client, so the answer is size-limited while it streams and zod-parsed (schemas/v1.ts); the set kept
// is bounded too. Where the service cannot tell (no such route, an error, a catalogue that marks no class
// either way), the answer is 'unknown', and the user's choice then applies to every submission.
import type { V1ObjectInfo } from '../../api';

export type PartnerClasses = ReadonlySet<string> | 'unknown';

/** More partner classes than any real catalogue has: past it, Loupe stops keeping names and says 'unknown'. */
export const MAX_PARTNER_CLASSES = 10_000;

export interface PartnerNodeCatalogDeps {
  /** The service's node catalogue (V1Client.objectInfo); rejects when the service offers none. */
  objectInfo: (signal: AbortSignal) => Promise<V1ObjectInfo>;
  now: () => number;
  /** How long an answer is kept (default 10 minutes): custom node packs change rarely. */
  ttlMs?: number;
  /** How long a failed read is kept before asking again (default 1 minute). */
  failureTtlMs?: number;
  /** How long one read may take before the catalogue is taken as unknown (default 5 s). */
  timeoutMs?: number;
}

/** The partner classes an object_info answer names; 'unknown' when it marks no class either way. */
export function partnerClassesOf(info: V1ObjectInfo): PartnerClasses {
  let marked = false;
  const partner = new Set<string>();
  for (const [name, definition] of Object.entries(info)) {
    if (definition.api_node === undefined) continue;
    marked = true;
    if (!definition.api_node) continue;
    partner.add(name);
    if (partner.size > MAX_PARTNER_CLASSES) return 'unknown';
  }
  return marked ? partner : 'unknown';
}

export class PartnerNodeCatalog {
  private cached: { classes: PartnerClasses; until: number } | null = null;
  /** One read at a time: the items of a burst wait for the same answer rather than each asking. */
  private pending: Promise<PartnerClasses> | null = null;

  constructor(private readonly deps: PartnerNodeCatalogDeps) {}

  async classes(): Promise<PartnerClasses> {
    if (this.cached !== null && this.deps.now() < this.cached.until) return this.cached.classes;
    this.pending ??= this.load().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async load(): Promise<PartnerClasses> {
    let classes: PartnerClasses;
    let ttlMs: number;
    try {
      classes = partnerClassesOf(
        await this.deps.objectInfo(AbortSignal.timeout(this.deps.timeoutMs ?? 5_000)),
      );
      ttlMs = this.deps.ttlMs ?? 10 * 60_000;
    } catch {
      classes = 'unknown';
      ttlMs = this.deps.failureTtlMs ?? 60_000;
    }
    this.cached = { classes, until: this.deps.now() + ttlMs };
    return classes;
  }
}
