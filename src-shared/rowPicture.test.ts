// A row's picture: its first image, else its first sound's waveform, else its first video's poster frame;
// never a latent or a text.
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

  it('shows a job that made only video (and no sound) with its first video’s poster', () => {
    const outputs = [
      out('l1', 'latent', 'application/octet-stream'),
      out('v1', 'video', 'video/webm'),
      out('v2', 'video', 'video/mp4'),
    ];
    expect(rowPictureOf(outputs)).toEqual({ assetId: 'v1', contentType: 'video/webm', kind: 'poster' });
    // A sound comes before a video, an image before both.
    expect(rowPictureOf([...outputs, out('a1', 'audio', 'audio/wav')])).toMatchObject({ assetId: 'a1' });
    expect(rowPictureOf([...outputs, out('i1', 'image', 'image/png')])).toEqual({
      assetId: 'i1',
      contentType: 'image/png',
    });
  });

  it('has none for a latent or a text', () => {
    const outputs = [out('l1', 'latent', 'application/octet-stream'), out('t1', 'text', 'text/plain')];
    expect(rowPictureOf(outputs)).toBeNull();
    expect(rowPictureOf([])).toBeNull();
  });
});
