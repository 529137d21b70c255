import { useRef, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import type { LoadedText } from './newBatchStore';
import { ACCEPT, readPickedFile, type PickedKind } from './readPickedFile';

interface FilePickButtonProps {
  kind: PickedKind;
  onFile: (file: LoadedText) => void;
  /** Why the picked file was not taken, in words; null when a pick succeeds. */
  onProblem: (message: string | null) => void;
  children: ReactNode;
  /** Names the hidden file input, for assistive tech and tests. */
  inputLabel: string;
  testId: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  title?: string;
  autoFocus?: boolean;
}

/** A button that picks one file and hands over its text; the page reads it, no path leaves the page. */
export function FilePickButton({
  kind,
  onFile,
  onProblem,
  children,
  inputLabel,
  testId,
  variant = 'secondary',
  title,
  autoFocus = false,
}: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT[kind]}
        className="hidden"
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset, so picking the same file again (after editing it on disk) reads it again.
          event.target.value = '';
          if (!file) return;
          void readPickedFile(file, kind).then((picked) => {
            if (picked.ok) {
              onProblem(null);
              onFile(picked.file);
            } else {
              onProblem(picked.message);
            }
          });
        }}
      />
      <Button
        variant={variant}
        className="shrink-0 whitespace-nowrap"
        title={title}
        autoFocus={autoFocus}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}
