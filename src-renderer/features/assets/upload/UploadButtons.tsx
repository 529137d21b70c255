import { useRef } from 'react';
import { Button } from '../../../components/Button';
import { collectPicked } from './collectDropped';
import type { UploadInput } from './useUploader';

interface UploadButtonsProps {
  onPick: (input: UploadInput) => void;
  /** Main's own dialog (Electron), used instead of the page's file inputs when given. */
  onPickInMain?: ((kind: 'files' | 'folder') => void) | undefined;
  disabled?: boolean;
  variant?: 'primary' | 'secondary';
}

/** "Upload files…" and "Upload a folder…": the same uploads as a drop, for those who would rather pick. */
export function UploadButtons({
  onPick,
  onPickInMain,
  disabled = false,
  variant = 'secondary',
}: UploadButtonsProps) {
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const picked = (input: HTMLInputElement) => {
    const list = input.files;
    if (list === null || list.length === 0) return;
    const collected = collectPicked(list);
    onPick({ top: Array.from(list), collect: () => Promise.resolve(collected) });
    // The same file picked again must fire `change` again.
    input.value = '';
  };
  return (
    <>
      <Button
        variant={variant}
        disabled={disabled}
        onClick={() => (onPickInMain ? onPickInMain('files') : files.current?.click())}
      >
        Upload files…
      </Button>
      <Button
        disabled={disabled}
        onClick={() => (onPickInMain ? onPickInMain('folder') : folder.current?.click())}
      >
        Upload a folder…
      </Button>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        data-testid="upload-file-input"
        onChange={(event) => picked(event.currentTarget)}
      />
      <input
        // React has no prop for it: set as an attribute, which is what the browser reads.
        ref={(node) => {
          folder.current = node;
          node?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        hidden
        data-testid="upload-folder-input"
        onChange={(event) => picked(event.currentTarget)}
      />
    </>
  );
}
