import type { ReactElement } from 'react';
import { AssetsIcon, BatchesIcon, JobsIcon, ModelsIcon, SettingsIcon } from '../components/icons';
import { useUiStore, type Section } from '../stores/uiStore';
import { CollectionsNav } from '../features/library/collections/CollectionsNav';
import { ProfileSwitcher } from './ProfileSwitcher';

export const NAV_ITEMS: { section: Section; label: string; icon: () => ReactElement }[] = [
  { section: 'jobs', label: 'Jobs', icon: JobsIcon },
  { section: 'batches', label: 'Batches', icon: BatchesIcon },
  { section: 'assets', label: 'Library', icon: AssetsIcon },
  { section: 'models', label: 'Models', icon: ModelsIcon },
  { section: 'settings', label: 'Settings', icon: SettingsIcon },
];

export function Sidebar() {
  const section = useUiStore((state) => state.section);
  const setSection = useUiStore((state) => state.setSection);
  return (
    <aside className="flex w-52 shrink-0 flex-col border-r border-line bg-panel">
      <div className="flex h-11 items-center gap-2 border-b border-line px-3">
        {/* The app icon (resources/icon.svg), served beside the page. */}
        <img src="/favicon.svg" alt="" aria-hidden="true" width={20} height={20} className="h-5 w-5" />
        <span className="text-sm font-semibold tracking-tight">Loupe</span>
      </div>
      <ProfileSwitcher />
      <nav aria-label="Sections" className="flex flex-col gap-0.5 px-2 py-2">
        {NAV_ITEMS.map(({ section: item, label, icon: Icon }, index) => {
          const current = item === section;
          const button = (
            <button
              key={item}
              type="button"
              aria-current={current ? 'page' : undefined}
              title={`${label} (Ctrl+${index + 1})`}
              onClick={() => setSection(item)}
              className={`flex h-8 items-center gap-2.5 rounded px-2.5 text-left text-[13px] ${
                current ? 'bg-hover text-fg' : 'text-muted hover:bg-hover/60 hover:text-fg'
              }`}
            >
              <Icon />
              {label}
            </button>
          );
          // The library's saved searches sit under it ("Keepers", "Lighthouse").
          if (item !== 'assets') return button;
          return (
            <div key={item} className="flex flex-col">
              {button}
              <CollectionsNav />
            </div>
          );
        })}
      </nav>
    </aside>
  );
}
