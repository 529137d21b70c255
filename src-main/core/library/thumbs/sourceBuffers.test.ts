// The buffers thumbnail sources are read into: one given back is taken again (no new memory), a buffer is
// never handed to two sources at once (given twice, it is kept once), large ones and ones past the count are
// not kept, and clear() lets every kept one go.
import { describe, expect, it } from 'vitest';
import { SourceBuffers } from './sourceBuffers';

describe('SourceBuffers', () => {
  it('takes a buffer given back again, as a view of the size asked for', () => {
    const buffers = new SourceBuffers(2, 1000);
    const first = buffers.take(800);
    buffers.give(first);
    const second = buffers.take(300);
    expect(second.length).toBe(300);
    expect(second.buffer).toBe(first.buffer);
    expect(buffers.held).toBe(0);
  });

  it('never hands one buffer to two sources, even when it is given back twice', () => {
    const buffers = new SourceBuffers(4, 1000);
    const first = buffers.take(500);
    buffers.give(first);
    buffers.give(first);
    expect(buffers.held).toBe(1);
    const a = buffers.take(500);
    const b = buffers.take(500);
    expect(a.buffer).not.toBe(b.buffer);
  });

  it('takes a new buffer when none kept is large enough', () => {
    const buffers = new SourceBuffers(2, 1000);
    const small = buffers.take(100);
    buffers.give(small);
    const large = buffers.take(900);
    expect(large.buffer).not.toBe(small.buffer);
    expect(buffers.held).toBe(1);
  });

  it('keeps no buffer past its size or its count, and none after clear()', () => {
    const buffers = new SourceBuffers(1, 1000);
    buffers.give(buffers.take(5000));
    expect(buffers.held).toBe(0);
    const a = buffers.take(10);
    const b = buffers.take(10);
    buffers.give(a);
    buffers.give(b);
    expect(buffers.held).toBe(1);
    buffers.clear();
    expect(buffers.held).toBe(0);
  });
});
