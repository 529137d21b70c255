// How this profile's service lists jobs, learned from its answers and shared by the job list and the
// watcher (spec "Known differences"): serverless and current self-hosted builds list through v2; the
// managed service answers 501 and lists through the deprecated v1 surface; an older self-hosted build has
// no list at all (a routing 404), so only Loupe's own memory can stand in.
import { ApiError } from '../api';

export type ListMode = 'v2' | 'v1' | 'none';

export class ListCapability {
  private learned: ListMode | null = null;

  /**
   * The way to try first: what the service said last time, else v2 on every surface. Even on the managed
   * service v2 is asked once, because v2 changes are additive and a 501 today may be a list tomorrow.
   */
  get mode(): ListMode {
    return this.learned ?? 'v2';
  }

  get known(): boolean {
    return this.learned !== null;
  }

  /** Remembers what a list attempt proved. */
  note(mode: ListMode): void {
    this.learned = mode;
  }

  /**
   * What a failed list call says about the surface: a 501 means "use v1" (only the managed service has
   * it); a bare routing 404 (not the v2 not_found envelope) means the operation does not exist.
   */
  static fallbackFor(error: unknown, from: ListMode): ListMode | null {
    if (!(error instanceof ApiError) || error.kind !== 'http') return null;
    if (from === 'v2' && error.status === 501) return 'v1';
    if (error.status === 404 && error.code === 'http_404') return 'none';
    if (from === 'v1' && (error.status === 404 || error.status === 501)) return 'none';
    return null;
  }
}
