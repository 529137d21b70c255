// The page's PUT as main's upload route needs it: the file as the body and its length named in a header of
// Loupe's own, since Electron's protocol handler never sees a Content-Length.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { putFile } from './sendFile';

/** The few XMLHttpRequest members putFile uses, recording what it was asked to do. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  opened: { method: string; url: string } | null = null;
  body: unknown = null;
  status = 0;
  responseText = '';

  constructor() {
    super();
    FakeXhr.last = this;
  }

  open(method: string, url: string): void {
    this.opened = { method, url };
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.dispatchEvent(new Event('abort'));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('putFile', () => {
  it('PUTs the file with its length in x-loupe-length and reads the route’s answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File([new Uint8Array(1234)], 'dropped.png');
    const handle = putFile('/upload-bytes/cap/b1/f1', file, () => undefined);
    const xhr = FakeXhr.last;
    expect(xhr?.opened).toEqual({ method: 'PUT', url: '/upload-bytes/cap/b1/f1' });
    expect(xhr?.headers).toEqual({ 'x-loupe-length': '1234' });
    expect(xhr?.body).toBe(file);

    if (xhr === null) throw new Error('no request was made');
    xhr.status = 400;
    xhr.responseText = JSON.stringify({ error: { code: 'size_mismatch', message: 'Nothing was sent.' } });
    xhr.dispatchEvent(new Event('load'));
    expect(await handle.done).toEqual({
      kind: 'answered',
      status: 400,
      error: { code: 'size_mismatch', message: 'Nothing was sent.' },
    });
  });
});
