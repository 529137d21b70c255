import { useState } from 'react';

/** The raw code behind an error, one click away (ARCHITECTURE.md, "The look"). */
export function InlineErrorCode({ code }: { code: string }) {
  const [shown, setShown] = useState(false);
  return shown ? (
    <code className="font-mono text-[11px] text-faint select-text">code: {code}</code>
  ) : (
    <button
      type="button"
      className="text-[11px] text-faint hover:text-muted hover:underline"
      onClick={(event) => {
        event.stopPropagation();
        setShown(true);
      }}
    >
      Details
    </button>
  );
}
