// A job row's picture: its first image, else its first sound's waveform; never a video's (its poster exists
// only once a window has drawn it), a latent or a text.
import { describe, expect, it } from 'vitest';
import { rowPictureOf, thumbnailOf, type JobOutput } from './contracts/jobs';

const out = (assetId: string, type: JobOutput['type'], contentType: string) => ({
  assetId,
  type,
  contentType,
});

describe('rowPictureOf', () => {
  it('takes the first image, even after a sound', () => {
    const outputs = [out('a1', 'audio', 'audio/wav'), out('i1', 'image', 'image/png')];
    expect(rowPictureOf(outputs)).toEqual({ assetId: 'i1', contentType: 'image/png' });
    expect(rowPictureOf(outputs)).toEqual(thumbnailOf(outputs));
  });

  it('draws a job that made only sound with its first sound’s waveform', () => {
    const outputs = [
      out('t1', 'text', 'text/plain'),
      out('a1', 'audio', 'audio/wav'),
      out('a2', 'audio', 'audio/flac'),
    ];
    expect(rowPictureOf(outputs)).toEqual({ assetId: 'a1', contentType: 'audio/wav', kind: 'waveform' });
    // The image-only picture (batch rows, the compare button) is unchanged.
    expect(thumbnailOf(outputs)).toBeNull();
  });

  it('has none for a video, a latent or a text', () => {
    const outputs = [
      out('v1', 'video', 'video/mp4'),
      out('l1', 'latent', 'application/octet-stream'),
      out('t1', 'text', 'text/plain'),
    ];
    expect(rowPictureOf(outputs)).toBeNull();
    expect(rowPictureOf([])).toBeNull();
  });
});
