// Change notifications for profiles, so the UI (through the host) refreshes after any change.

export type ProfileChange =
  | { kind: 'created' | 'updated' | 'removed' | 'credential'; profileId: string }
  | { kind: 'active'; profileId: string | null };

export class ProfileChangeEmitter {
  private readonly listeners = new Set<(change: ProfileChange) => void>();

  /** `onListenerError` receives what a listener throws: it must not undo a write that already committed. */
  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: (change: ProfileChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: ProfileChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
