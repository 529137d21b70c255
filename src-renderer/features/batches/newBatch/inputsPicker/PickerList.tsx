import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { AssetListPage } from '../../../../../src-shared/contract';
import { Button, LinkButton } from '../../../../components/Button';
import { InlineError } from '../../../../components/InlineError';
import { LoadingNote } from '../../../../components/LoadingNote';
import { AssetsIcon } from '../../../../components/icons';
import { visibleText } from '../../../../lib/visibleText';
import { assetErrorWords } from '../../../assets/assetErrorWords';
import { AssetChecklist } from './AssetChecklist';

interface PickerListProps {
  list: UseInfiniteQueryResult<InfiniteData<AssetListPage>>;
  search: string;
  profileId: string;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  onConfirm: () => void;
  listId: string;
}

/** The known assets to choose from, or what stands in their place: loading, a failed read, none yet. */
export function PickerList({
  list,
  search,
  profileId,
  selected,
  onChange,
  onConfirm,
  listId,
}: PickerListProps) {
  const rows = list.data?.pages.flatMap((page) => page.assets) ?? [];
  if (list.isPending) return <LoadingNote>Loading the assets Loupe knows…</LoadingNote>;
  if (list.isError) {
    const words = assetErrorWords(list.error, 'Could not list the assets');
    return (
      <InlineError
        className="p-3"
        message={`Loupe could not list the assets it knows: ${words.message}`}
        nextStep={words.nextStep}
        code={words.code}
        actions={<LinkButton onClick={() => void list.refetch()}>Try again</LinkButton>}
      />
    );
  }
  if (rows.length === 0 && search === '') {
    return (
      <div
        role="status"
        className="flex flex-col items-center px-6 py-8 text-center"
        data-testid="picker-empty"
      >
        <span className="mb-2 text-faint">
          <AssetsIcon />
        </span>
        <p className="text-sm font-semibold text-fg">No assets yet</p>
        <p className="mt-1 max-w-sm text-xs leading-relaxed text-muted">
          Upload some in Assets, or here: Upload files… above, or drop them on this window. Each is hashed
          first, so bytes the service already holds are not sent again, and joins this selection once it is
          up.
        </p>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p role="status" className="p-4 text-xs text-muted">
        No asset Loupe knows matches “{visibleText(search)}”. Esc in the search box clears it.
      </p>
    );
  }
  return (
    <>
      <AssetChecklist
        id={listId}
        assets={rows}
        profileId={profileId}
        selected={selected}
        onChange={onChange}
        onConfirm={onConfirm}
      />
      {list.hasNextPage ? (
        <div className="flex justify-center p-2">
          <Button disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
