import { Tabs, type TabSpec } from '../../components/Tabs';
import { AssetsScreen } from '../assets/AssetsScreen';
import { useLibraryUi, type LibraryTab } from './libraryUiStore';
import { LibraryView } from './LibraryView';
import { useLibraryChanges } from './useLibraryChanges';

const TABS: readonly TabSpec<LibraryTab>[] = [
  { name: 'library', label: 'All outputs' },
  { name: 'uploads', label: 'Uploads' },
];

/** The Library section: every output across profiles, and the uploads (the old Assets screen) as a tab. */
export function LibraryScreen() {
  const tab = useLibraryUi((state) => state.tab);
  const setTab = useLibraryUi((state) => state.setTab);
  useLibraryChanges();
  return (
    <div className="flex h-full flex-col">
      <Tabs label="Library views" tabs={TABS} current={tab} onChoose={setTab}>
        <div className="min-h-0 flex-1">{tab === 'library' ? <LibraryView /> : <AssetsScreen />}</div>
      </Tabs>
    </div>
  );
}
