import type { ModelOutputKind } from '../../../../src-shared/contracts/models';
import { Button } from '../../../components/Button';
import { SearchInput } from '../../../components/SearchInput';
import { Spinner } from '../../../components/Spinner';
import { visibleText } from '../../../lib/visibleText';
import { useModelsUi } from '../modelsUiStore';
import { FILTER_KINDS, outputKindLabel } from './outputKinds';

const SELECT_CLASS = 'h-7 min-w-0 rounded border border-line bg-raised px-1.5 text-xs text-fg';

interface CatalogueToolbarProps {
  providers: readonly string[];
  refreshing: boolean;
  onRefresh: () => void;
}

/** Search by id, the provider and output-kind filters, and Refresh (every page read again from the Router). */
export function CatalogueToolbar({ providers, refreshing, onRefresh }: CatalogueToolbarProps) {
  const search = useModelsUi((state) => state.search);
  const setSearch = useModelsUi((state) => state.setSearch);
  const provider = useModelsUi((state) => state.provider);
  const setProvider = useModelsUi((state) => state.setProvider);
  const outputKind = useModelsUi((state) => state.outputKind);
  const setOutputKind = useModelsUi((state) => state.setOutputKind);
  return (
    <div className="space-y-2 border-b border-line px-3 py-2">
      <div className="flex items-center gap-2">
        <SearchInput
          search={search}
          onSearch={setSearch}
          label="Search models by id"
          placeholder="Search by id…"
        />
        <Button
          onClick={onRefresh}
          disabled={refreshing}
          title="Read the whole catalogue again from the Router"
        >
          {refreshing ? <Spinner /> : null}
          Refresh
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <select
          aria-label="Filter by provider"
          value={provider}
          onChange={(event) => setProvider(event.target.value)}
          className={`${SELECT_CLASS} flex-1`}
        >
          <option value="">All providers</option>
          {providers.map((name) => (
            <option key={name} value={name}>
              {visibleText(name)}
            </option>
          ))}
        </select>
        <select
          aria-label="Filter by output"
          value={outputKind}
          onChange={(event) => setOutputKind(FILTER_KINDS.find((kind) => kind === event.target.value) ?? '')}
          className={`${SELECT_CLASS} flex-1`}
        >
          <option value="">Any output</option>
          {FILTER_KINDS.map((kind: ModelOutputKind) => (
            <option key={kind} value={kind}>
              {outputKindLabel(kind)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
