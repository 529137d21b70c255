import { useEffect, useState, type ReactNode } from 'react';
import { copyText } from '../../lib/clipboard';
import { Button } from '../Button';

interface CopyButtonProps {
  text: string;
  children: ReactNode;
  title?: string;
  variant?: 'secondary' | 'ghost';
}

/** Copies `text` and says so for a moment (or says it could not). */
export function CopyButton({ text, children, title, variant = 'ghost' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      variant={variant}
      title={title}
      onClick={() => void copyText(text).then((copied) => setState(copied ? 'copied' : 'failed'))}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : children}
      <span className="sr-only" role="status">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
    </Button>
  );
}
