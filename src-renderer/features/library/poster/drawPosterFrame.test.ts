// The poster frame drawn in the window, over a fake <video> and <canvas>: loaded, seeked to 0.1 s, drawn at
// most 384 px on its long side and encoded as WebP; a video that fails to load gives no frame; the element lets
// go of its source either way; and posterFor hands main the frame's bytes once per entry.
import { describe, expect, it, vi } from 'vitest';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import { drawPosterFrame, posterSize, type PosterDom } from './drawPosterFrame';
import { posterFor, resetPosterAttempts } from './posterQueue';

class FakeVideo extends EventTarget {
  muted = false;
  preload = '';
  playsInline = false;
  crossOrigin: string | null = null;
  duration = 4;
  videoWidth = 1280;
  videoHeight = 720;
  seekedTo: number | null = null;
  released = false;
  private source = '';

  constructor(private readonly fails = false) {
    super();
  }

  get src(): string {
    return this.source;
  }

  set src(url: string) {
    this.source = url;
    setTimeout(() => this.dispatchEvent(new Event(this.fails ? 'error' : 'loadeddata')), 0);
  }

  get currentTime(): number {
    return this.seekedTo ?? 0;
  }

  set currentTime(at: number) {
    this.seekedTo = at;
    setTimeout(() => this.dispatchEvent(new Event('seeked')), 0);
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.source = '';
  }

  load(): void {
    this.released = this.source === '';
  }
}

function fakeDom(video: FakeVideo) {
  const drawn: unknown[][] = [];
  const canvas = {
    width: 0,
    height: 0,
    type: '',
    getContext: () => ({ drawImage: (...args: unknown[]) => drawn.push(args) }),
    toBlob(done: (blob: Blob | null) => void, type: string) {
      canvas.type = type;
      done(new Blob([new Uint8Array([82, 73, 70, 70, 1, 2, 3])], { type }));
    },
  };
  const dom: PosterDom = {
    createVideo: () => video as unknown as HTMLVideoElement,
    createCanvas: () => canvas as unknown as HTMLCanvasElement,
  };
  return { dom, canvas, drawn };
}

describe('drawPosterFrame', () => {
  it('draws the frame at 0.1 s, at most 384 px on its long side, as WebP, and lets the video go', async () => {
    const video = new FakeVideo();
    const { dom, canvas, drawn } = fakeDom(video);
    const blob = await drawPosterFrame('/asset-bytes/cap/p/clip', dom);
    expect(video.src).toBe('');
    expect(video.released).toBe(true);
    expect({ muted: video.muted, crossOrigin: video.crossOrigin, seekedTo: video.seekedTo }).toEqual({
      muted: true,
      crossOrigin: 'anonymous',
      seekedTo: 0.1,
    });
    expect({ width: canvas.width, height: canvas.height, type: canvas.type }).toEqual({
      width: 384,
      height: 216,
      type: 'image/webp',
    });
    expect(drawn).toEqual([[video, 0, 0, 384, 216]]);
    expect(blob?.size).toBe(7);
  });

  it('takes the middle of a clip shorter than 0.2 s, and keeps a small video its own size', async () => {
    const video = new FakeVideo();
    video.duration = 0.08;
    video.videoWidth = 160;
    video.videoHeight = 120;
    const { dom, canvas } = fakeDom(video);
    await drawPosterFrame('/v', dom);
    expect(video.seekedTo).toBeCloseTo(0.04);
    expect([canvas.width, canvas.height]).toEqual([160, 120]);
    expect(posterSize(300, 2000)).toEqual({ width: 58, height: 384 });
  });

  it('gives no frame for a video that cannot load, and draws nothing', async () => {
    const video = new FakeVideo(true);
    const { dom, drawn } = fakeDom(video);
    expect(await drawPosterFrame('/broken', dom)).toBeNull();
    expect(drawn).toEqual([]);
    expect(video.released).toBe(true);
  });
});

describe('posterFor', () => {
  it('hands main the frame’s bytes as base64, once per entry however often a tile asks', async () => {
    resetPosterAttempts();
    const putPoster = vi.fn(() => Promise.resolve({ ok: true as const, value: { stored: true } }));
    const loupe = { library: { putPoster } } as unknown as Pick<LoupeApi, 'library'>;
    const video = new FakeVideo();
    const { dom } = fakeDom(video);
    const [first, again] = await Promise.all([
      posterFor(loupe, 7, '/clip', dom),
      posterFor(loupe, 7, '/clip', dom),
    ]);
    expect([first, again]).toEqual([true, true]);
    expect(putPoster).toHaveBeenCalledTimes(1);
    expect(putPoster).toHaveBeenCalledWith({ entryId: 7, webp: btoa('RIFF\u0001\u0002\u0003') });
  });

  it('says false when main refuses the frame', async () => {
    resetPosterAttempts();
    const putPoster = vi.fn(() =>
      Promise.resolve({ ok: false as const, error: { code: 'invalid_arguments', message: 'no' } }),
    );
    const loupe = { library: { putPoster } } as unknown as Pick<LoupeApi, 'library'>;
    expect(await posterFor(loupe, 8, '/clip', fakeDom(new FakeVideo()).dom)).toBe(false);
  });
});
