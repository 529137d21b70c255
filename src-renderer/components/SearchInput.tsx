import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

interface SearchInputProps {
  /** The search in force (kept trimmed in a UI store). */
  search: string;
  /** Puts a trimmed search in force: a moment after the last keystroke, or '' at once on Esc. */
  onSearch: (search: string) => void;
  label: string;
  placeholder: string;
  id?: string;
  /** A key that focuses the box from anywhere, shown inside it; Esc then also leaves the box. */
  shortcut?: string;
}

/** A list's search box: typing is debounced into the store, Esc clears it. Pass a stable `onSearch`. */
export function SearchInput({ search, onSearch, label, placeholder, id, shortcut }: SearchInputProps) {
  const [text, setText] = useState(search);

  // Cleared from elsewhere ("Clear filters"): follow.
  useEffect(() => {
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => onSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <div className="relative min-w-0 flex-1">
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        spellCheck={false}
        aria-label={label}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          setText('');
          onSearch('');
          if (shortcut !== undefined) event.currentTarget.blur();
        }}
        className={`h-7 w-full rounded border border-line bg-raised pl-2 text-xs text-fg placeholder:text-faint ${shortcut === undefined ? 'pr-2' : 'pr-7'}`}
      />
      {shortcut !== undefined && (
        <kbd
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-1.5 -translate-y-1/2 rounded border border-line px-1 font-mono text-[10px] text-faint"
        >
          {shortcut}
        </kbd>
      )}
    </div>
  );
}
