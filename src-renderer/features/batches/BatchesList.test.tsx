import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoupeApi } from '../../../src-preload/buildApi';
import { PROFILES } from '../../test/fakeHost';
import { fakeJobsHost } from '../../test/fakeJobsHost';
import { fakeLayout } from '../../test/fakeLayout';
import { fakeNotifier } from '../../test/fakeNotifier';
import { API_WORKFLOW, workflowFile } from '../../test/workflowFiles';
import { useUiStore } from '../../stores/uiStore';
import { useBatchesUi } from './batchesUiStore';
import { fakeBatchesHost } from './testing/fakeBatches';
import {
  barParts,
  listedBatch,
  listedBatchIds,
  renderBatches,
  resetBatchesUi,
} from './testing/renderBatches';
import { DUNES, kites, SAMPLE_JOBS } from './testing/sampleBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });
const cursor = () => screen.getByRole('listbox', { name: 'Batches' }).getAttribute('aria-activedescendant');

describe('the batch list', () => {
  it('lists batches newest first: name as text, age, items, a state bar and outputs', async () => {
    renderBatches(fakeBatchesHost({ jobs: SAMPLE_JOBS, batches: [kites(), DUNES] }).loupe);
    await waitFor(() => expect(listedBatchIds()).toEqual(['dunes', 'kites']));
    expect(screen.getByTestId('batch-total').textContent).toBe('2 batches, newest first');

    const row = listedBatch('kites');
    // The bidi override is drawn as a mark, never obeyed.
    const name = within(row).getByTestId('batch-name');
    expect(name.textContent).toBe('Kites U+202Egnp.exe');
    expect(name.querySelector('abbr')?.dataset.mark).toBe('U+202E');
    expect(within(row).getByTestId('batch-item-count').textContent).toBe('6 items');
    expect(within(row).getByTestId('batch-output-count').textContent).toBe('3 outputs');
    // Age with the exact time on hover.
    const time = row.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2025-01-01T11:05:00.000Z');
    expect(time?.getAttribute('title')).toContain('2025-01-01T11:05:00.000Z');

    // One segment per state, in the job palette; the words name the bar.
    expect(barParts(row)).toEqual({ succeeded: 1, refused: 1, running: 1, submitting: 3 });
    const bar = within(row).getByTestId('batch-state-bar');
    expect(bar.getAttribute('aria-label')).toBe('1 succeeded, 1 refused, 1 running, 3 submitting');
    expect(bar.querySelector('[data-part="succeeded"]')?.className).toContain('bg-state-succeeded');
    expect(bar.querySelector('[data-part="running"]')?.className).toContain('bg-state-running');
    expect(bar.querySelector('[data-part="running"]')?.className).toContain('loupe-progress-moving');

    const dunes = listedBatch('dunes');
    expect(within(dunes).getByTestId('batch-item-count').textContent).toBe('1 item');
    expect(within(dunes).getByTestId('batch-output-count').textContent).toBe('0 outputs');
    expect(dunes.dataset.finished).toBe('true');
    expect(row.dataset.finished).toBe('false');
  });

  it('shows progress while the list loads', async () => {
    const host = fakeBatchesHost({ batches: [] });
    const loupe: LoupeApi = {
      ...host.loupe,
      batches: { ...host.loupe.batches, list: () => new Promise(() => undefined) },
    };
    renderBatches(loupe);
    expect((await screen.findByText('Loading batches…')).getAttribute('role')).toBe('status');
  });

  it('with no batches, says what goes here and offers to submit or go to Jobs', async () => {
    const host = fakeJobsHost();
    renderBatches(host.loupe);
    expect(await screen.findByRole('heading', { name: 'No batches yet' })).toBeTruthy();
    expect(screen.getByText(/keeps every\s+submission on disk before it is sent/)).toBeTruthy();

    // Submitting from here records a batch of one: the list is read again.
    const listReads = host.callsOf('batches.list').length;
    const notifier = fakeNotifier('denied');
    const file = workflowFile(API_WORKFLOW, 'kite.json');
    fireEvent.change(screen.getByTestId('workflow-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(host.callsOf('jobs.submit')).toHaveLength(1));
    await waitFor(() => expect(host.callsOf('batches.list').length).toBeGreaterThan(listReads));

    notifier.restore();

    fireEvent.click(screen.getByRole('button', { name: 'Go to Jobs' }));
    expect(useUiStore.getState().section).toBe('jobs');
  });

  it('says in words when the list cannot be read, with the code one click away and a retry', async () => {
    const host = fakeBatchesHost({
      batches: [],
      overrides: {
        'batches.list': () => ({
          ok: false,
          error: { code: 'store_unavailable', message: 'Loupe’s record could not be opened.' },
        }),
      },
    });
    renderBatches(host.loupe);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loupe could not load your batches.');
    expect(alert.textContent).toContain('Loupe’s record could not be opened.');
    expect(alert.textContent).not.toContain('store_unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Details' }));
    expect(alert.textContent).toContain('code: store_unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(host.callsOf('batches.list')).toHaveLength(2));
  });

  it('↑/↓ and j/k move through the list, Enter opens, Esc closes', async () => {
    renderBatches(fakeBatchesHost({ jobs: SAMPLE_JOBS, batches: [kites(), DUNES] }).loupe);
    await waitFor(() => expect(listedBatchIds()).toEqual(['dunes', 'kites']));
    expect(screen.getByTestId('no-batch-open')).toBeTruthy();
    key('ArrowDown');
    expect(cursor()).toBe('batch-row-dunes');
    key('ArrowDown');
    key('ArrowDown');
    expect(cursor()).toBe('batch-row-kites');
    key('ArrowUp');
    expect(cursor()).toBe('batch-row-dunes');
    key('j');
    expect(cursor()).toBe('batch-row-kites');
    key('Enter');
    expect((await screen.findByTestId('batch-detail')).dataset.batchId).toBe('kites');
    expect(listedBatch('kites').getAttribute('aria-selected')).toBe('true');
    key('k');
    key('Enter');
    await waitFor(() => expect(screen.getByTestId('batch-detail').dataset.batchId).toBe('dunes'));
    key('Escape');
    await waitFor(() => expect(screen.getByTestId('no-batch-open')).toBeTruthy());
  });

  it('with no connection chosen, says batches belong to one and points to where one is chosen', async () => {
    const host = fakeBatchesHost({ batches: [], profiles: { ...PROFILES, activeProfileId: null } });
    renderBatches(host.loupe);
    expect(await screen.findByRole('heading', { name: 'No connection chosen' })).toBeTruthy();
    expect(host.callsOf('batches.list')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a connection' }));
    expect(useUiStore.getState().section).toBe('jobs');
  });

  it('switching profiles switches the list, and nothing stays open', async () => {
    let active = 'local';
    const perProfile: Record<string, ReturnType<typeof kites>[]> = { local: [kites()], demo: [DUNES] };
    const host = fakeBatchesHost({
      jobs: SAMPLE_JOBS,
      batches: [],
      overrides: {
        'profiles.list': () => ({ ok: true, value: { ...PROFILES, activeProfileId: active } }),
        'batches.list': () => ({ ok: true, value: { batches: perProfile[active] ?? [] } }),
        'batches.get': () => ({ ok: true, value: perProfile[active]?.[0] }),
      },
    });
    const { client } = renderBatches(host.loupe);
    await waitFor(() => expect(listedBatchIds()).toEqual(['kites']));
    fireEvent.click(listedBatch('kites'));
    await screen.findByTestId('batch-detail');

    active = 'demo';
    await act(() => client.invalidateQueries({ queryKey: ['profiles'] }));
    await waitFor(() => expect(listedBatchIds()).toEqual(['dunes']));
    expect(screen.getByTestId('no-batch-open')).toBeTruthy();
    expect(useBatchesUi.getState().profileId).toBe('demo');
  });
});
