// A video's poster frame, drawn in the window (main's sharp cannot decode video): a hidden, muted <video> loads
// the original from the asset route, seeks just past the start (the very first frame is often black), and the
// frame is drawn to a canvas at most 384 px on its long side and encoded as WebP. Main checks and re-encodes
// what it is given (library.putPoster), so this only has to be small and right, not trusted.

/** Where the frame is taken: 0.1 s in, or the middle of a shorter clip. */
export const POSTER_AT_SECONDS = 0.1;
export const POSTER_SIZE = 384;
/** A video that neither loads nor seeks in this long is given up on (a stalled route, an odd codec). */
const GIVE_UP_MS = 20_000;

/** What drawing needs of the DOM: the real one in the app, fakes in the unit test. */
export interface PosterDom {
  createVideo(): HTMLVideoElement;
  createCanvas(): HTMLCanvasElement;
}

export const browserDom: PosterDom = {
  createVideo: () => document.createElement('video'),
  createCanvas: () => document.createElement('canvas'),
};

/** Resolves on `ok`, rejects on `error` or `abort` or after GIVE_UP_MS. */
function once(target: HTMLVideoElement, ok: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => {
      clearTimeout(timer);
      target.removeEventListener(ok, onOk);
      target.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onError);
      fn();
    };
    const onOk = () => done(resolve);
    const onError = () => done(() => reject(new Error(`the video did not reach ${ok}`)));
    const timer = setTimeout(onError, GIVE_UP_MS);
    target.addEventListener(ok, onOk);
    target.addEventListener('error', onError);
    signal?.addEventListener('abort', onError);
  });
}

/** The frame's size: the video's own, made at most POSTER_SIZE on its long side. */
export function posterSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, POSTER_SIZE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The WebP of the frame, or null when the video cannot be drawn (no picture, a decode error, aborted). */
export async function drawPosterFrame(
  url: string,
  dom: PosterDom = browserDom,
  signal?: AbortSignal,
): Promise<Blob | null> {
  const video = dom.createVideo();
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  // The asset route answers the app's origin with CORS headers, so the canvas stays readable (not tainted).
  video.crossOrigin = 'anonymous';
  try {
    const loaded = once(video, 'loadeddata', signal);
    video.src = url;
    await loaded;
    if (video.videoWidth === 0 || video.videoHeight === 0) return null;
    const seeked = once(video, 'seeked', signal);
    const duration = Number.isFinite(video.duration) ? video.duration : POSTER_AT_SECONDS * 2;
    video.currentTime = Math.min(POSTER_AT_SECONDS, duration / 2);
    await seeked;
    const size = posterSize(video.videoWidth, video.videoHeight);
    const canvas = dom.createCanvas();
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (context === null) return null;
    context.drawImage(video, 0, 0, size.width, size.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.8));
  } catch {
    return null;
  } finally {
    // Lets the element drop its decoder and connection now, not when it is collected.
    video.removeAttribute('src');
    video.load();
  }
}

/** Base64 of the blob's bytes (a contract call is JSON), read as a data URL and stripped of its prefix. */
export function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the frame could not be read'));
    reader.readAsDataURL(blob);
  });
}
