import { useEffect, useState } from 'react';
import { useAssetsUi } from '../assetsUiStore';

const DEBOUNCE_MS = 250;

/** Searches ids, hashes (with or without `blake3:`) and names of the assets Loupe knows; Esc clears it. */
export function AssetSearch() {
  const search = useAssetsUi((state) => state.search);
  const setSearch = useAssetsUi((state) => state.setSearch);
  const [text, setText] = useState(search);

  useEffect(() => {
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, setSearch]);

  return (
    <input
      type="search"
      value={text}
      maxLength={200}
      spellCheck={false}
      aria-label="Search assets by name, id or hash"
      placeholder="Search names, ids, hashes"
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        setText('');
        setSearch('');
      }}
      className="h-7 min-w-0 flex-1 rounded border border-line bg-raised px-2 text-xs text-fg placeholder:text-faint"
    />
  );
}
