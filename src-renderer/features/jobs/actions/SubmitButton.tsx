import { useRef } from 'react';
import { Button } from '../../../components/Button';

interface SubmitButtonProps {
  onFile: (file: File) => void;
  disabled?: boolean;
  variant?: 'primary' | 'secondary';
}

/** "Submit workflow…": picks a .json file (or drop one anywhere on the window). */
export function SubmitButton({ onFile, disabled = false, variant = 'secondary' }: SubmitButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json,.png,image/png"
        className="hidden"
        data-testid="workflow-file-input"
        aria-label="Workflow file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset so picking the same file again submits it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        variant={variant}
        disabled={disabled}
        title="Submit a workflow file (or drop one onto the window)"
        onClick={() => input.current?.click()}
      >
        Submit workflow…
      </Button>
    </>
  );
}
