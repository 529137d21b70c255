// The assets Loupe knows for a profile, merged from its three memories: the service's descriptions (and
// look-ups, and tombstones of deleted assets) in `assets`, the outputs of known jobs, and finished uploads.
// The service has no endpoint that lists assets (spec), so this is what the Assets view lists and searches.
import { basename } from 'node:path';
import type { AssetOrigin, AssetSummary } from '../../../src-shared/contracts/assets';
import type { AssetRow, KnownOutputRow, LoupeStore, UploadRow } from '../store';

interface Draft extends AssetSummary {
  deleted: boolean;
}

/** Every live asset of the profile, newest first; or only `assetId` when given. */
export function knownAssets(
  store: LoupeStore,
  profileId: string,
  assetId: string | null = null,
): AssetSummary[] {
  const drafts = new Map<string, Draft>();
  const draft = (id: string): Draft => {
    let existing = drafts.get(id);
    if (existing === undefined) {
      existing = {
        assetId: id,
        name: null,
        hash: null,
        sizeBytes: null,
        contentType: null,
        createdAt: null,
        expiresAt: null,
        jobId: null,
        origins: [],
        deleted: false,
      };
      drafts.set(id, existing);
    }
    return existing;
  };
  // The service's own description goes first: it is the freshest word; the others only fill gaps.
  for (const row of store.assets.list(profileId).rows) {
    if (assetId === null || row.assetId === assetId) mergeDescribed(draft(row.assetId), row);
  }
  for (const row of store.assets.listOutputs(profileId, assetId).rows) mergeOutput(draft(row.assetId), row);
  for (const row of store.uploads.list(profileId, ['created']).rows) {
    if (row.assetId !== null && (assetId === null || row.assetId === assetId)) {
      mergeUpload(draft(row.assetId), row);
    }
  }
  return [...drafts.values()]
    .filter((d) => !d.deleted && d.origins.length > 0)
    .map(({ deleted: _deleted, ...summary }) => summary)
    .sort(newestFirst);
}

/** Case-insensitive match on id, hash (with or without `blake3:`) and name. */
export function matchesSearch(asset: AssetSummary, search: string): boolean {
  const needle = search
    .trim()
    .toLowerCase()
    .replace(/^blake3:/, '');
  if (needle === '') return true;
  return [asset.assetId, asset.hash, asset.name].some(
    (field) => field !== null && field.toLowerCase().includes(needle),
  );
}

function mergeDescribed(d: Draft, row: AssetRow): void {
  d.deleted = row.deletedAt !== null;
  d.name = row.filePath;
  d.hash = row.hash;
  d.sizeBytes = row.size;
  d.contentType = row.contentType;
  d.createdAt = row.createdAt;
  d.expiresAt = row.expiresAt;
  d.jobId = row.jobId;
  if (row.lookedUp) addOrigin(d, 'lookup');
}

function mergeOutput(d: Draft, row: KnownOutputRow): void {
  d.name ??= row.name;
  d.hash ??= row.hash;
  d.sizeBytes ??= row.size;
  d.contentType ??= row.contentType;
  d.createdAt ??= row.jobCreatedAt;
  d.jobId ??= row.jobId;
  addOrigin(d, 'output');
}

function mergeUpload(d: Draft, row: UploadRow): void {
  d.name ??= basename(row.filePath);
  d.hash ??= row.hash;
  d.sizeBytes ??= row.size;
  d.createdAt ??= row.createdAt;
  addOrigin(d, 'upload');
}

function addOrigin(d: Draft, origin: AssetOrigin): void {
  if (!d.origins.includes(origin)) d.origins.push(origin);
}

function newestFirst(a: AssetSummary, b: AssetSummary): number {
  const byTime = timeOf(b) - timeOf(a);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : 0;
}

/** Unknown or unreadable times sort last. */
function timeOf(asset: AssetSummary): number {
  const time = asset.createdAt === null ? Number.NaN : Date.parse(asset.createdAt);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}
