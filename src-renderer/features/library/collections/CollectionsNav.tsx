import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LibraryCollection } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { useUiStore } from '../../../stores/uiStore';
import { libraryCollectionsQuery, libraryKeys } from '../libraryQueries';
import { useLibraryUi } from '../libraryUiStore';

/** The saved searches under Library in the sidebar: a click brings one back, × deletes it (after asking). */
export function CollectionsNav() {
  const loupe = useLoupe();
  const client = useQueryClient();
  const collections = useQuery(libraryCollectionsQuery(loupe));
  const [doomed, setDoomed] = useState<LibraryCollection | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(loupe.library.deleteCollection({ id })),
    onSettled: () => client.invalidateQueries({ queryKey: libraryKeys.collections }),
  });
  const list = collections.data ?? [];
  if (list.length === 0) return null;
  const apply = (collection: LibraryCollection) => {
    useLibraryUi.getState().applySearch(collection.filter, collection.sort);
    useUiStore.getState().setSection('assets');
  };
  return (
    <ul aria-label="Collections" className="ml-6 flex flex-col">
      {list.map((collection) => (
        <li key={collection.id} className="group flex items-center">
          <button
            type="button"
            onClick={() => apply(collection)}
            className="h-6 min-w-0 flex-1 truncate rounded px-2 text-left text-xs text-muted hover:bg-hover/60 hover:text-fg"
            title={collection.filter.query ?? collection.name}
          >
            {collection.name}
          </button>
          <button
            type="button"
            aria-label={`Delete collection ${collection.name}`}
            onClick={() => setDoomed(collection)}
            className="invisible h-6 px-1 text-xs text-faint group-hover:visible hover:text-fg focus:visible"
          >
            ×
          </button>
        </li>
      ))}
      {doomed !== null && (
        <ConfirmDialog
          title={`Delete “${doomed.name}”?`}
          testId="delete-collection-dialog"
          onCancel={() => setDoomed(null)}
          confirm={
            <Button
              variant="primary"
              onClick={() => {
                remove.mutate(doomed.id);
                setDoomed(null);
              }}
            >
              Delete
            </Button>
          }
        >
          The saved search goes from the sidebar. The entries, their ratings and tags stay as they are.
        </ConfirmDialog>
      )}
    </ul>
  );
}
