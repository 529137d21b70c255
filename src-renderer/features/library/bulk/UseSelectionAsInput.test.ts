// Use as input from the library's selection: the selected outputs of one profile, in the order picked, as the
// assets New batch's inputs axis takes; "all results", a Router run's file, two profiles or too many do not.
import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { libraryEntry } from '../testing/fakeLibrary';
import { inputAssets } from './UseSelectionAsInput';

function entry(entryId: number, overrides: Partial<LibraryEntry> = {}): LibraryEntry {
  return libraryEntry(entryId, {
    profileId: 'demo',
    assetId: `asset-${entryId}`,
    source: 'job',
    ...overrides,
  });
}

const entries = [
  entry(1),
  entry(2),
  entry(3, { source: 'upload' }),
  entry(4, { source: 'router', assetId: 'router:run-4:0' }),
  entry(5, { profileId: 'studio' }),
];

describe('inputAssets', () => {
  it('takes the selected outputs and uploads of one profile, in the order they were picked', () => {
    expect(inputAssets(new Set([3, 1, 2]), false, entries)).toEqual({
      profileId: 'demo',
      assetIds: ['asset-3', 'asset-1', 'asset-2'],
      why: null,
    });
  });

  it('says why not for all results, nothing, a Router file, two profiles and more than 100', () => {
    expect(inputAssets(new Set(), true, entries).why).toBe('Select 1 to 100 outputs to use them as inputs');
    expect(inputAssets(new Set(), false, entries).why).toBe('Select 1 to 100 outputs to use them as inputs');
    expect(inputAssets(new Set([1, 4]), false, entries).why).toBe(
      'A Router run’s file is not an asset of the service',
    );
    expect(inputAssets(new Set([1, 5]), false, entries).why).toBe(
      'Select outputs of one profile to use them as inputs together',
    );
    const many = Array.from({ length: 101 }, (_, i) => entry(100 + i));
    expect(inputAssets(new Set(many.map((e) => e.entryId)), false, many).why).toBe(
      'Select 1 to 100 outputs to use them as inputs',
    );
  });
});
