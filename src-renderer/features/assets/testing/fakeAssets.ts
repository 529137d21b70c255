// Test support: fakeHost answers for assets.* over a small in-memory set of known assets, and resetting the
// Assets screen's stores between tests.
import type { AssetSummary } from '../../../../src-shared/contract';
import type { CallResult } from '../../../../src-shared/protocol';
import type { Answer } from '../../../test/fakeHost';
import { NO_UPLOAD_OPTIONS, useAssetsUi } from '../assetsUiStore';
import { useUploads } from '../upload/uploadsStore';

export const HASH_A = `blake3:${'ab'.repeat(32)}`;
export const HASH_B = `blake3:${'cd'.repeat(32)}`;

export function knownAsset(patch: Partial<AssetSummary> & { assetId: string }): AssetSummary {
  return {
    name: null,
    hash: null,
    sizeBytes: null,
    contentType: null,
    createdAt: '2025-01-01T11:00:00.000Z',
    expiresAt: null,
    jobId: null,
    origins: ['upload'],
    ...patch,
  };
}

export const PHOTO = knownAsset({
  assetId: 'asset-photo',
  name: 'inputs/photo.png',
  hash: HASH_A,
  sizeBytes: 412_000_000,
  contentType: 'image/png',
  expiresAt: '2099-01-01T00:00:00.000Z',
});

export const OUTPUT = knownAsset({
  assetId: 'asset-output',
  name: 'kite_00001_.png',
  hash: HASH_B,
  sizeBytes: 2048,
  contentType: 'image/png',
  jobId: 'job-7',
  origins: ['output'],
});

const fail = (code: string, message: string, status?: number): CallResult<unknown> => ({
  ok: false,
  error: status === undefined ? { code, message } : { code, message, status },
});

export interface FakeAssets {
  answers: Record<string, Answer>;
  /** What assets.delete answers next: deleted, 409 asset_in_use, or 404 asset_not_found. */
  deleteAnswer: 'ok' | 'in-use' | 'gone';
  /** What assets.lookup answers. */
  lookupAnswer: CallResult<unknown> | null;
  assets: AssetSummary[];
}

export function fakeAssets(initial: AssetSummary[] = [PHOTO, OUTPUT]): FakeAssets {
  const state: FakeAssets = { answers: {}, deleteAnswer: 'ok', lookupAnswer: null, assets: [...initial] };
  const find = (args: unknown) =>
    state.assets.find((a) => a.assetId === (args as { assetId: string }).assetId);
  state.answers = {
    'assets.base': () => ({ ok: true, value: { base: '/asset-bytes/cap/' } }),
    'assets.list': (args) => {
      const search = ((args as { search?: string }).search ?? '').toLowerCase();
      const matching = state.assets.filter(
        (a) => search === '' || [a.assetId, a.name, a.hash].some((f) => f?.toLowerCase().includes(search)),
      );
      return { ok: true, value: { assets: matching, nextCursor: null, total: matching.length } };
    },
    'assets.get': (args) => {
      const asset = find(args);
      if (asset === undefined) return fail('asset_not_found', 'The service has no such asset.', 404);
      return { ok: true, value: { ...asset, source: 'service', describedAt: '2025-01-01T11:00:00.000Z' } };
    },
    'assets.delete': (args) => {
      const asset = find(args);
      if (state.deleteAnswer === 'in-use') {
        return fail(
          'asset_in_use',
          'The service still needs asset asset-photo, so it cannot be deleted.',
          409,
        );
      }
      state.assets = state.assets.filter((a) => a !== asset);
      if (state.deleteAnswer === 'gone' || asset === undefined) {
        return fail(
          'asset_not_found',
          'Asset asset-photo is already gone. It was deleted before (deleting an asset a second time finds nothing).',
          404,
        );
      }
      return { ok: true, value: { deleted: true } };
    },
    'assets.lookup': () =>
      state.lookupAnswer ?? fail('asset_not_found', 'Neither Loupe nor the service knows it.', 404),
    'assets.reference': (args) => ({
      ok: true,
      value: {
        text: JSON.stringify({ __type: 'core/ASSET', info: { id: (args as { assetId: string }).assetId } }),
      },
    }),
  };
  return state;
}

export function resetAssetsState(): void {
  useAssetsUi.setState({
    profileId: null,
    search: '',
    openAssetId: null,
    optionsOpen: false,
    uploadOptions: NO_UPLOAD_OPTIONS,
  });
  useUploads.setState({ uploads: [] });
}
