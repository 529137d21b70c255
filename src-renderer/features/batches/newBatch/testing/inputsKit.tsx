// Test support for inputs axes and templates on New batch: a workflow with a LoadImage node, the assets Loupe
// knows (searchable, in pages), saved templates kept in memory, the uploader's hashing and sending faked (the
// test drives every step) and uploads.progress pushed by the test; and the steps the tests share.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { LoupeApi, StreamHandlers } from '../../../../../src-preload/buildApi';
import type {
  AssetSummary,
  BatchPlanArgs,
  BatchTemplate,
  CallName,
  StreamEvent,
} from '../../../../../src-shared/contract';
import type { Answer } from '../../../../test/fakeHost';
import { renderWithLoupe } from '../../../../test/renderWithLoupe';
import { ok } from '../../../../test/reports';
import { useJobUpdates } from '../../../../hooks/useJobUpdates';
import { knownAsset } from '../../../assets/testing/fakeAssets';
import { fakeHasher, fakePut } from '../../../assets/testing/fakeUploader';
import { resetAssetsState } from '../../../assets/testing/fakeAssets';
import { UploaderToolsContext } from '../../../assets/upload/useUploader';
import { BatchesScreen } from '../../BatchesScreen';
import { resetBatchesUi } from '../../testing/renderBatches';
import { EMPTY_DRAFT, useNewBatch } from '../newBatchStore';
import { newBatchHost, openNewBatch, pickWorkflow, type NewBatchHostOptions } from './renderNewBatch';

/** An image-to-image graph: a LoadImage whose file an inputs axis replaces, a sampler to sweep, a save. */
export const LOAD_IMAGE_WORKFLOW = JSON.stringify({
  '3': { class_type: 'KSampler', inputs: { seed: 42, steps: 4, model: ['4', 0], latent_image: ['10', 0] } },
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse at dusk', clip: ['4', 1] } },
  '10': { class_type: 'LoadImage', inputs: { image: 'example.png' } },
  '12': { class_type: 'SaveImage', inputs: { images: ['3', 0], filename_prefix: 'relit' } },
});

const image = (assetId: string, name: string, minutesAgo: number): AssetSummary =>
  knownAsset({
    assetId,
    name,
    contentType: 'image/png',
    sizeBytes: 200_000 + minutesAgo,
    hash: `blake3:${assetId.padEnd(64, '0')}`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 12, 0) - minutesAgo * 60_000).toISOString(),
  });

/** The assets Loupe knows, newest first, as assets.list lists them. */
export const KNOWN_ASSETS: readonly AssetSummary[] = [
  image('a1b2c3d4e5f6', 'kite.png', 1),
  image('b2c3d4e5f6a1', 'dune.png', 2),
  image('c3d4e5f6a1b2', 'harbour.png', 3),
  image('d4e5f6a1b2c3', 'lighthouse.png', 4),
  knownAsset({ assetId: 'e5f6a1b2c3d4', name: 'notes.txt', contentType: 'text/plain', sizeBytes: 12 }),
];

export const idOf = (name: string): string => {
  const found = KNOWN_ASSETS.find((asset) => asset.name === name);
  if (found === undefined) throw new Error(`no asset ${name}`);
  return found.assetId;
};

export interface InputsHostOptions extends NewBatchHostOptions {
  assets?: readonly AssetSummary[];
  /** Rows per assets.list page (the screen asks for 100; a test can make pages smaller). */
  pageSize?: number;
  templates?: BatchTemplate[];
}

/** newBatchHost, with assets, templates and uploads answered. */
export function inputsHost(options: InputsHostOptions = {}) {
  let assets = [...(options.assets ?? KNOWN_ASSETS)];
  let templates = [...(options.templates ?? [])];
  const pageSize = options.pageSize ?? 100;
  let saved = 0;
  const answers: Partial<Record<CallName, Answer>> = {
    'assets.list': (raw) => {
      const args = raw as { search?: string; cursor?: string | null };
      const search = (args.search ?? '').toLowerCase();
      const matching = assets.filter(
        (a) => search === '' || [a.assetId, a.name, a.hash].some((f) => f?.toLowerCase().includes(search)),
      );
      const from = Number(args.cursor ?? 0);
      const page = matching.slice(from, from + pageSize);
      const next = from + pageSize < matching.length ? String(from + pageSize) : null;
      return ok({ assets: page, nextCursor: next, total: matching.length });
    },
    'assets.get': (raw) => {
      const asset = assets.find((a) => a.assetId === (raw as { assetId: string }).assetId);
      return asset === undefined
        ? { ok: false, error: { code: 'asset_not_found', message: 'The service has no such asset.' } }
        : ok({ ...asset, source: 'service', describedAt: null });
    },
    'batches.templates': () => ok({ templates }),
    'batches.saveTemplate': (raw) => {
      const { name, plan } = raw as { name: string; plan: BatchTemplate['plan'] };
      saved += 1;
      const template: BatchTemplate = { id: `t${saved}`, name, savedAt: '2025-01-02T10:00:00.000Z', plan };
      templates = [template, ...templates.filter((one) => one.name !== name)];
      return ok(template);
    },
    'batches.deleteTemplate': (raw) => {
      const before = templates.length;
      templates = templates.filter((one) => one.id !== (raw as { id: string }).id);
      return ok({ deleted: templates.length < before });
    },
    'uploads.list': () => ok({ batches: [] }),
    ...options.overrides,
  };
  const host = newBatchHost({ ...options, overrides: answers });
  return {
    ...host,
    /** What assets.list answers next (an upload made one, say). */
    setAssets: (next: readonly AssetSummary[]) => {
      assets = [...next];
    },
  };
}

export type InputsHost = ReturnType<typeof inputsHost>;

/** loupe with uploads.progress in the test's hands: `emit` pushes an event to every open subscription. */
export function withProgress(loupe: LoupeApi) {
  const open = new Set<StreamHandlers<StreamEvent<'uploads.progress'>>>();
  const wrapped: LoupeApi = {
    ...loupe,
    uploads: {
      ...loupe.uploads,
      progress: (_args, handlers) => {
        open.add(handlers);
        return {
          id: `progress-${open.size}`,
          ready: Promise.resolve(ok(null)),
          unsubscribe: () => open.delete(handlers),
        };
      },
    },
  };
  const emit = (event: StreamEvent<'uploads.progress'>): number => {
    act(() => open.forEach((handlers) => handlers.onEvent(event)));
    return open.size;
  };
  return { loupe: wrapped, emit };
}

function BatchesWithUpdates() {
  useJobUpdates();
  return <BatchesScreen />;
}

/** The Batches screen over `loupe`, New batch closed, with the uploader's hashing and sending faked. */
export function renderInputs(loupe: LoupeApi) {
  act(() => useNewBatch.setState({ open: false, draft: EMPTY_DRAFT }));
  resetBatchesUi();
  resetAssetsState();
  const { hasher, jobs } = fakeHasher();
  const { put, calls: puts } = fakePut();
  const rendered = renderWithLoupe(
    <UploaderToolsContext.Provider value={{ hasher, put }}>
      <BatchesWithUpdates />
    </UploaderToolsContext.Provider>,
    loupe,
  );
  return { ...rendered, hashes: jobs, puts };
}

// The setup every inputs test starts from, shared so the inputs, picker, upload and template tests cannot drift.

/** For a test of many steps, each a render of the whole screen: the default 5 s is tight on a busy machine. */
export const MANY_STEPS = 20_000;

/** The arguments of the last batches.plan call. */
export const lastPlan = (host: InputsHost) =>
  host.callsOf('batches.plan').at(-1)?.args as BatchPlanArgs | undefined;

/** The screen over `loupe`, New batch open, with LOAD_IMAGE_WORKFLOW picked. */
export async function planWithLoadImage(loupe: LoupeApi) {
  const rendered = renderInputs(loupe);
  await openNewBatch();
  await pickWorkflow(LOAD_IMAGE_WORKFLOW, 'relight.json');
  return rendered;
}

/** "+ Add inputs…", and the picker that opens. */
export async function openPicker(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: '+ Add inputs…' }));
  return screen.findByRole('dialog', { name: 'Bind files to an input' });
}

/** The picker's row for the asset named `name`. */
export function option(name: string): HTMLElement {
  const list = screen.getByRole('listbox', { name: 'Assets' });
  const found = within(list)
    .getAllByRole('option')
    .find((row) => row.textContent.includes(name));
  if (found === undefined) throw new Error(`no row for ${name}`);
  return found;
}

/** The names of the rows shown, in order, and which of them are chosen (with their place). */
export function shownRows(): string[] {
  const list = screen.getByRole('listbox', { name: 'Assets' });
  return within(list)
    .getAllByRole('option')
    .map((row) => {
      const name = KNOWN_ASSETS.find((asset) => row.textContent.includes(asset.name ?? ''))?.name ?? '?';
      const place = within(row).getByTestId('pick-order').textContent;
      return place === '' ? name : `${name} #${place}`;
    });
}

/** Opens the picker and waits for its list. */
export async function pickerWithList(): Promise<HTMLElement> {
  const dialog = await openPicker();
  await within(dialog).findByRole('listbox', { name: 'Assets' });
  return dialog;
}

/** The start most inputs tests share: a host, New batch planning LOAD_IMAGE_WORKFLOW, the picker open on its list. */
export async function pickerOnLoadImage(options: InputsHostOptions = {}) {
  const host = inputsHost(options);
  const { hashes } = await planWithLoadImage(host.loupe);
  const dialog = await pickerWithList();
  return { host, dialog, hashes };
}

export const pickedCount = () => screen.getByTestId('picked-count').textContent;
export const bindButton = () => screen.getByTestId<HTMLButtonElement>('bind-assets');
