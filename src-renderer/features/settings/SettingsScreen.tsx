import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useLoupe } from '../../lib/loupeContext';
import { profileAddress } from '../../lib/profileAddress';
import { appInfoQuery, profilesQuery } from '../../queries/appQueries';
import { useUiStore, type Theme } from '../../stores/uiStore';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-6">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-faint uppercase">{title}</h2>
      <div className="rounded border border-line bg-panel">{children}</div>
    </section>
  );
}

function ProfilesSection() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  if (profiles.isError) return <ErrorNotice doing="load your profiles" error={profiles.error} />;
  if (!profiles.data) return <p className="p-3 text-muted">Loading profiles…</p>;
  return (
    <ul className="divide-y divide-line">
      {profiles.data.profiles.map((profile) => (
        <li key={profile.id} className="flex items-center gap-3 px-3 py-2">
          <span className="font-medium">{profile.name}</span>
          <span className="text-muted">{profile.surface}</span>
          <span className="font-mono text-xs text-faint">{profileAddress(profile)}</span>
          {profile.id === profiles.data.activeProfileId ? (
            <span className="ml-auto rounded bg-accent/15 px-1.5 py-0.5 text-[11px] text-accent">active</span>
          ) : null}
        </li>
      ))}
      <li className="px-3 py-2 text-xs text-muted">
        Adding managed and serverless profiles, with keys kept in your system keychain, arrives with the core
        services.
      </li>
    </ul>
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
      <div className="max-w-2xl">
        <Section title="Profiles">
          <ProfilesSection />
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
