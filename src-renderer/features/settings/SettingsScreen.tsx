import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoupe } from '../../lib/loupeContext';
import { appInfoQuery } from '../../queries/appQueries';
import { useUiStore, type Theme } from '../../stores/uiStore';
import { KeepSettings } from '../library/settings/KeepSettings';
import { AddProfileButton, ProfilesPanel } from './profiles/ProfilesPanel';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="mb-6">
      <div className="mb-2 flex h-7 items-end justify-between">
        <h2 className="pb-1 text-xs font-semibold tracking-wide text-faint uppercase">{title}</h2>
        {action}
      </div>
      <div className="rounded border border-line bg-panel">{children}</div>
    </section>
  );
}

const THEMES: { value: Theme; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

function AppearanceSection() {
  const theme = useUiStore((state) => state.theme);
  const setTheme = useUiStore((state) => state.setTheme);
  return (
    <fieldset className="flex gap-4 px-3 py-2">
      <legend className="sr-only">Theme</legend>
      {THEMES.map(({ value, label }) => (
        <label key={value} className="flex items-center gap-1.5">
          <input
            type="radio"
            name="theme"
            value={value}
            checked={theme === value}
            onChange={() => setTheme(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function AboutSection() {
  const loupe = useLoupe();
  const info = useQuery(appInfoQuery(loupe));
  if (!info.data) return <p className="p-3 text-muted">Loading…</p>;
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-y-1 px-3 py-2 text-xs" data-testid="about">
      <dt className="text-muted">Version</dt>
      <dd className="font-mono">{info.data.version}</dd>
      <dt className="text-muted">Running as</dt>
      <dd>{info.data.shell === 'electron' ? 'Desktop app' : 'Browser shell'}</dd>
      <dt className="text-muted">Platform</dt>
      <dd className="font-mono">{info.data.platform}</dd>
    </dl>
  );
}

export function SettingsScreen() {
  return (
    <div className="h-full overflow-auto p-6">
      <div className="max-w-3xl">
        <Section title="Profiles" action={<AddProfileButton />}>
          <ProfilesPanel />
        </Section>
        <Section title="Library">
          <KeepSettings />
        </Section>
        <Section title="Appearance">
          <AppearanceSection />
        </Section>
        <Section title="About">
          <AboutSection />
        </Section>
      </div>
    </div>
  );
}
