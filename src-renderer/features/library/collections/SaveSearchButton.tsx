import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { libraryKeys } from '../libraryQueries';
import { currentFilter, useLibraryUi } from '../libraryUiStore';

/** "Save search…": names the current search and facets as a collection in the sidebar. */
export function SaveSearchButton() {
  const loupe = useLoupe();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const ui = useLibraryUi.getState();
      return unwrap(
        loupe.library.saveCollection({ name: name.trim(), filter: currentFilter(ui), sort: ui.sort }),
      );
    },
    onSuccess: async () => {
      setOpen(false);
      setName('');
      await client.invalidateQueries({ queryKey: libraryKeys.collections });
    },
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>Save search…</Button>
      {open && (
        <Dialog
          title="Save this search"
          testId="save-search-dialog"
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button
                variant="primary"
                disabled={name.trim() === '' || save.isPending}
                onClick={() => save.mutate()}
              >
                Save
              </Button>
            </>
          }
        >
          <p>It shows in the sidebar under Library; a click there brings this search and its filters back.</p>
          <input
            data-autofocus
            aria-label="Collection name"
            value={name}
            maxLength={80}
            placeholder="Keepers"
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && name.trim() !== '') save.mutate();
            }}
            className="h-7 w-full rounded border border-line bg-raised px-2 text-xs text-fg"
          />
          {save.isError && <p role="alert">Loupe could not save it. {save.error.message}</p>}
        </Dialog>
      )}
    </>
  );
}
