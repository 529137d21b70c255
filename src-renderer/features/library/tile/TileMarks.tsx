import type { LibraryEntry } from '../../../../src-shared/contract';

/** The small marks on a tile: rejected, kept (or keeping, or why keeping failed), expiring soon. */
export function TileMarks({ entry }: { entry: LibraryEntry }) {
  return (
    <div className="flex flex-wrap gap-1 text-[10px] leading-4">
      {entry.rejected && (
        <span data-testid="mark-rejected" className="rounded bg-black/70 px-1 text-white">
          ✕ Rejected
        </span>
      )}
      {entry.keep === 'kept' && (
        <span
          data-testid="mark-kept"
          className="rounded bg-accent px-1 text-accent-fg"
          title="Kept on this computer"
        >
          Kept
        </span>
      )}
      {entry.keep === 'queued' && <span className="rounded bg-raised px-1 text-muted">Keeping…</span>}
      {entry.keep === 'failed' && (
        <span className="rounded bg-state-failed/30 px-1 text-fg" title={entry.keepMessage ?? undefined}>
          Keep failed
        </span>
      )}
      {entry.expiringSoon && (
        <span
          data-testid="mark-expiring"
          className="rounded bg-amber-600/85 px-1 text-white"
          title={
            entry.expiresAt === null
              ? undefined
              : `The service's copy goes ${new Date(entry.expiresAt).toLocaleString()}`
          }
        >
          Expires soon
        </span>
      )}
    </div>
  );
}
