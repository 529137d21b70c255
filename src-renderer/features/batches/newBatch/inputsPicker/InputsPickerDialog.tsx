import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button, LinkButton } from '../../../../components/Button';
import { SearchInput } from '../../../../components/SearchInput';
import { TaskDialog } from '../../../../components/TaskDialog';
import { useWindowFileDrop } from '../../../../hooks/useWindowFileDrop';
import { useLoupe } from '../../../../lib/loupeContext';
import { visibleText } from '../../../../lib/visibleText';
import { assetListQuery } from '../../../assets/assetListQueries';
import { collectDropped, entriesOf } from '../../../assets/upload/collectDropped';
import { UploadButtons } from '../../../assets/upload/UploadButtons';
import { plural } from '../../batchCounts';
import type { FileTarget } from '../inputsTargets';
import { PLAN_LIMITS } from '../planRequest';
import { added } from './checklistSelection';
import { PickerList } from './PickerList';
import { PickerUploadStatus } from './PickerUploadStatus';
import { TargetField } from './TargetField';
import { usePickerUploads } from './usePickerUploads';

export interface PickedInputs {
  target: string;
  assetIds: readonly string[];
}

interface InputsPickerDialogProps {
  profileId: string;
  targets: readonly FileTarget[];
  /** Inputs other inputs axes bind files to. */
  taken: ReadonlySet<string>;
  /** The axis being edited, or a new one's first guess (an empty selection). */
  initial: PickedInputs;
  editing: boolean;
  onConfirm: (picked: PickedInputs) => void;
  onClose: () => void;
}

/**
 * Files for an inputs axis: the input they go to, and the assets Loupe knows, chosen in order (one item per
 * asset). New files can be uploaded from here with the Assets screen's uploader; they join the selection
 * once they are up.
 */
export function InputsPickerDialog({
  profileId,
  targets,
  taken,
  initial,
  editing,
  onConfirm,
  onClose,
}: InputsPickerDialogProps) {
  const loupe = useLoupe();
  const searchId = useId();
  const listId = useId();
  const [target, setTarget] = useState(initial.target);
  const [selected, setSelected] = useState<readonly string[]>(initial.assetIds);
  const [search, setSearch] = useState('');
  const list = useInfiniteQuery({
    ...assetListQuery(loupe, profileId, search),
    // A new search keeps the last rows on screen until its own are in, so the list does not flash.
    placeholderData: keepPreviousData,
  });
  const uploads = usePickerUploads();
  const dragging = useWindowFileDrop((data) => {
    const items = entriesOf(data);
    uploads.start({ top: Array.from(data.files), collect: () => collectDropped(items) });
  });

  const count = selected.length;
  const tooMany = count > PLAN_LIMITS.assets;
  const canConfirm = count > 0 && !tooMany && target !== '';
  const confirm = () => {
    if (canConfirm) onConfirm({ target, assetIds: selected });
  };
  const total = list.data?.pages[0]?.total ?? 0;
  const shown = list.data?.pages.reduce((sum, page) => sum + page.assets.length, 0) ?? 0;

  // ↓ in the search box goes on to the list, as in a combobox.
  const onSearchKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown') return;
    const row = document.getElementById(listId)?.querySelector<HTMLElement>('[role="option"][tabindex="0"]');
    if (!row) return;
    event.preventDefault();
    row.focus();
  };

  return (
    <TaskDialog
      title={editing ? 'Edit the bound files' : 'Bind files to an input'}
      description="Each asset becomes one item of the batch, in the order you pick them, and goes to the input as a reference to the uploaded file."
      testId="inputs-picker"
      initialFocusId={searchId}
      onClose={onClose}
      footer={
        <>
          <p className="text-xs text-fg tabular-nums" role="status" data-testid="picked-count">
            {plural(count, 'asset')} selected
          </p>
          {count > 0 ? (
            <LinkButton className="text-xs" onClick={() => setSelected([])}>
              Clear
            </LinkButton>
          ) : null}
          <p
            className="min-w-0 flex-1 truncate text-[11px] text-faint"
            title="Space toggles · Shift+click or Shift+Space takes a range · Ctrl+A takes all shown · Enter binds"
          >
            Space toggles · Shift+click a range · Ctrl+A all shown
          </p>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={!canConfirm} onClick={confirm} data-testid="bind-assets">
            {count === 0 ? 'Bind assets' : `Bind ${plural(count, 'asset')}`}
          </Button>
        </>
      }
    >
      <TargetField targets={targets} value={target} taken={taken} onChange={setTarget} />
      <div className="flex items-center gap-2">
        <div className="flex min-w-0 flex-1" onKeyDown={onSearchKeys}>
          <SearchInput
            id={searchId}
            search={search}
            onSearch={setSearch}
            label="Search assets by name, id or hash"
            placeholder="Search names, ids, hashes"
          />
        </div>
        <UploadButtons onPick={uploads.start} onPickInMain={uploads.pickInMain} disabled={!uploads.ready} />
      </div>
      {uploads.problem === null ? null : (
        <p role="alert" className="text-[11px] text-state-failed">
          {uploads.problem}
        </p>
      )}
      {uploads.started.length === 0 ? null : (
        <ul aria-label="Uploads from here" className="divide-y divide-line/60">
          {uploads.started.map((uploadId) => (
            <PickerUploadStatus
              key={uploadId}
              uploadId={uploadId}
              onDone={(assetIds) => setSelected((now) => added(now, assetIds))}
            />
          ))}
        </ul>
      )}
      <div className="min-h-48 flex-1 overflow-y-auto rounded border border-line bg-canvas">
        <PickerList
          list={list}
          search={search}
          profileId={profileId}
          selected={selected}
          onChange={setSelected}
          onConfirm={confirm}
          listId={listId}
        />
      </div>
      <p className="flex gap-2 text-[11px] text-faint tabular-nums">
        <span className="min-w-0 flex-1">
          {tooMany ? (
            <span className="text-state-failed">
              One input takes at most {PLAN_LIMITS.assets.toLocaleString()} assets.
            </span>
          ) : (
            'Uploads go where the Assets screen’s options say (folder, tags, expiry).'
          )}
        </span>
        {list.data === undefined ? null : (
          <span>
            {search === ''
              ? plural(total, 'asset')
              : `${plural(total, 'match', 'matches')} for “${visibleText(search)}”`}
            {shown < total ? ` · ${shown} shown` : ''}
          </span>
        )}
      </p>
      {dragging ? (
        <div
          data-testid="picker-drop-overlay"
          className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-md bg-canvas/85"
        >
          <div className="rounded-lg border-2 border-dashed border-accent/70 bg-panel px-8 py-6 text-center">
            <p className="text-sm font-semibold text-fg">Drop files to upload them</p>
            <p className="mt-1 text-xs text-muted">They join this selection once they are up.</p>
          </div>
        </div>
      ) : null}
    </TaskDialog>
  );
}
