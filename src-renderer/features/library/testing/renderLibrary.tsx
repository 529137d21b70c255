// Renders the Library section (with the sidebar, for its collections) over a fake host with a fake library.
import { screen, within } from '@testing-library/react';
import { Sidebar } from '../../../app/Sidebar';
import { fakeHost } from '../../../test/fakeHost';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { LibraryScreen } from '../LibraryScreen';
import type { FakeLibrary } from './fakeLibrary';

export function renderLibrary(library: FakeLibrary) {
  const host = fakeHost(library.answers);
  const rendered = renderWithLoupe(
    <div>
      <Sidebar />
      <LibraryScreen />
    </div>,
    host.loupe,
  );
  return { host, ...rendered };
}

/** The tiles drawn now, in order. */
export async function tiles(): Promise<HTMLElement[]> {
  const grid = await screen.findByRole('listbox', { name: 'Library results' });
  return within(grid).getAllByRole('option');
}

export function lastCall(host: ReturnType<typeof fakeHost>, name: string): unknown {
  return host.calls.filter((call) => call.name === name).at(-1)?.args;
}
