// Buffers that thumbnail sources read from this disk are read into, used again from one picture to the next.
// A fresh buffer of megabytes for every source made V8 collect its whole heap every few pictures (its
// external memory grows by each one): in the thumbnail bench, 10-15 full collections over 80 pictures of
// 5 MB, where sharp alone made none. At most `keep` buffers of at most `maxBytes` are held, and none once the
// thumbnails under way are done (clear()).
export class SourceBuffers {
  private readonly free: Buffer[] = [];

  constructor(
    private readonly keep: number,
    private readonly maxBytes: number,
  ) {}

  /** A buffer of `size` bytes, of old contents: a view of a kept one when one is large enough. */
  take(size: number): Buffer {
    if (size > this.maxBytes) return Buffer.allocUnsafeSlow(size);
    const index = this.free.findIndex((buffer) => buffer.length >= size);
    const kept = index < 0 ? undefined : this.free.splice(index, 1)[0];
    return (kept ?? Buffer.allocUnsafeSlow(size)).subarray(0, size);
  }

  /** Gives back a buffer from take() once nothing reads it any more. */
  give(view: Buffer): void {
    const whole = Buffer.from(view.buffer, 0, view.buffer.byteLength);
    if (whole.length > this.maxBytes || this.free.length >= this.keep) return;
    // Given twice, one buffer would be taken by two sources at once.
    if (this.free.some((buffer) => buffer.buffer === whole.buffer)) return;
    this.free.push(whole);
  }

  /** Lets every kept buffer go. */
  clear(): void {
    this.free.length = 0;
  }

  get held(): number {
    return this.free.length;
  }
}
