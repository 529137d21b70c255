// Loupe's exports write the job's API workflow into the PNGs they save, as they stream: this Transform passes
// the bytes through, walking chunk headers only, and puts a `prompt` tEXt chunk just before IEND unless the
// picture already has one. Anything that is not a PNG passes through untouched, byte for byte.
import { Transform, type TransformCallback } from 'node:stream';
import { PNG_SIGNATURE } from '../../../src-shared/png/pngChunks';
import { promptChunk, startsWithKeyword } from '../../../src-shared/png/pngPrompt';

const TEXT_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);
const KEYWORD_PEEK = 'prompt\0'.length;

export class PromptInserter extends Transform {
  private mode: 'signature' | 'header' | 'body' | 'through' = 'signature';
  private pending = Buffer.alloc(0);
  /** Bytes of the current chunk's data and CRC still to pass. */
  private left = 0;
  private peek: Buffer | null = null;
  private hasPrompt = false;

  constructor(private readonly workflow: Record<string, unknown>) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let input = chunk;
    while (input.length > 0) {
      if (this.mode === 'through') {
        this.push(input);
        break;
      }
      if (this.mode === 'body') {
        const take = Math.min(this.left, input.length);
        const part = input.subarray(0, take);
        if (this.peek !== null && this.peek.length < KEYWORD_PEEK) {
          this.peek = Buffer.concat([this.peek, part.subarray(0, KEYWORD_PEEK - this.peek.length)]);
          if (this.peek.length === KEYWORD_PEEK && startsWithKeyword(this.peek, 'prompt'))
            this.hasPrompt = true;
        }
        this.push(part);
        this.left -= take;
        input = input.subarray(take);
        if (this.left === 0) this.mode = 'header';
        continue;
      }
      // A signature and a chunk header are both 8 bytes.
      const want = 8 - this.pending.length;
      this.pending = Buffer.concat([this.pending, input.subarray(0, want)]);
      input = input.subarray(want);
      if (this.pending.length < 8) break;
      this.step();
    }
    done();
  }

  /** A whole signature or chunk header is in `pending`. */
  private step(): void {
    const head = this.pending;
    this.pending = Buffer.alloc(0);
    if (this.mode === 'signature') {
      this.mode = PNG_SIGNATURE.every((b, at) => head[at] === b) ? 'header' : 'through';
      this.push(head);
      return;
    }
    const type = head.subarray(4, 8).toString('latin1');
    if (type === 'IEND' && !this.hasPrompt) this.push(Buffer.from(promptChunk(this.workflow)));
    this.push(head);
    this.left = head.readUInt32BE(0) + 4;
    this.peek = TEXT_TYPES.has(type) ? Buffer.alloc(0) : null;
    this.mode = type === 'IEND' ? 'through' : 'body';
  }

  override _flush(done: TransformCallback): void {
    if (this.pending.length > 0) this.push(this.pending);
    done();
  }
}
