// Compare from the library's selection: 2 to 4 selected pictures open in Compare in the order they were
// picked; one, five, "all results", or a selection holding a non-picture does not.
import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { libraryEntry } from '../testing/fakeLibrary';
import { comparePicks } from './CompareSelection';

function entry(entryId: number, type = 'image'): LibraryEntry {
  return libraryEntry(entryId, {
    profileId: 'demo',
    jobId: `job-${entryId}`,
    assetId: `asset-${entryId}`,
    title: `Entry ${entryId}`,
    batch: null,
    type,
  });
}

const entries = [entry(1), entry(2), entry(3), entry(4), entry(5), entry(6, 'video')];

describe('comparePicks', () => {
  it('takes 2 to 4 selected pictures in the order they were picked', () => {
    expect(comparePicks(new Set([3, 1]), false, entries)).toEqual({
      picks: [
        { profileId: 'demo', jobId: 'job-3', assetId: 'asset-3', label: 'Entry 3' },
        { profileId: 'demo', jobId: 'job-1', assetId: 'asset-1', label: 'Entry 1' },
      ],
      why: null,
    });
    expect(comparePicks(new Set([1, 2, 3, 4]), false, entries).picks).toHaveLength(4);
  });

  it('labels a batch item by its values (a sweep shares one prompt), anything else by its title', () => {
    const swept = libraryEntry(7, {
      type: 'image',
      title: 'a lighthouse',
      batch: { id: 'b', name: 'Sweep', values: { '3.seed': '4', '3.cfg': '7' } },
    });
    const [a, b] = comparePicks(new Set([7, 1]), false, [...entries, swept]).picks;
    expect(a?.label).toBe('3.seed 4 · 3.cfg 7');
    expect(b?.label).toBe('Entry 1');
  });

  it('refuses one, five, all results, and a selection holding something that is not a picture', () => {
    expect(comparePicks(new Set([1]), false, entries).why).toBe('Select 2 to 4 pictures to compare them');
    expect(comparePicks(new Set([1, 2, 3, 4, 5]), false, entries).why).toBe(
      'Select 2 to 4 pictures to compare them',
    );
    expect(comparePicks(new Set(), true, entries).why).toBe('Select 2 to 4 pictures to compare them');
    expect(comparePicks(new Set([1, 6]), false, entries)).toEqual({
      picks: [],
      why: 'Only pictures compare',
    });
  });
});
