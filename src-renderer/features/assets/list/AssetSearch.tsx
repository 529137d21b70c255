import { SearchInput } from '../../../components/SearchInput';
import { useAssetsUi } from '../assetsUiStore';

/** Searches ids, hashes (with or without `blake3:`) and names of the assets Loupe knows; Esc clears it. */
export function AssetSearch() {
  const search = useAssetsUi((state) => state.search);
  const setSearch = useAssetsUi((state) => state.setSearch);
  return (
    <SearchInput
      search={search}
      onSearch={setSearch}
      label="Search assets by name, id or hash"
      placeholder="Search names, ids, hashes"
    />
  );
}
