// Sources of request bytes, shared by streamed bodies and multipart file parts.

/** Anything that yields bytes: a Node Readable, a generator, a web stream. */
export type ByteSource = AsyncIterable<Uint8Array | string>;

/** Opens the bytes of a body. Called once per attempt, so it must return a fresh source each time. */
export type OpenBytes = () => ByteSource;

const textEncoder = new TextEncoder();

export async function* toBytes(source: ByteSource): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    yield typeof chunk === 'string' ? textEncoder.encode(chunk) : chunk;
  }
}

/** Wraps a source that can be read once (a Readable handed in by a caller) and refuses a second read. */
export function openOnce(source: ByteSource): OpenBytes {
  let opened = false;
  return () => {
    if (opened) throw new Error('This body can be read only once.');
    opened = true;
    return source;
  };
}
