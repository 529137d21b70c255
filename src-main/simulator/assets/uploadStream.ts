// Reads a multipart upload off the socket as it arrives: the `file` part is hashed with blake3 and size-checked
// chunk by chunk, text fields are collected, and reading stops at the first sign of trouble (too large,
// malformed) without waiting for the rest of the body.
import type { IncomingMessage } from 'node:http';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { MultipartError, MultipartParser, type PartHeaders } from './multipartParser';

/** Room for the form fields and multipart framing around a maximal file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_FIELD_BYTES = 16 * 1024;

export interface UploadedFile {
  bytes: Buffer;
  hex: string;
  filename: string | null;
  contentType: string | null;
}

export interface UploadForm {
  file: UploadedFile | null;
  fields: Map<string, string[]>;
}

export type UploadOutcome =
  | { kind: 'ok'; form: UploadForm }
  | { kind: 'too_large' }
  | { kind: 'invalid'; message: string }
  /** The client went away mid-upload; nobody is left to answer. */
  | { kind: 'aborted' };

class TooLarge extends Error {}

class InvalidForm extends Error {}

export interface UploadStreamOptions {
  boundary: string;
  maxFileBytes: number;
  /** Called with every file byte count received, for the "zero bytes sent" introspection. */
  onFileBytes: (count: number) => void;
}

function ignoreError(): void {
  // An aborted request emits 'error' after we stop listening; without a listener that would crash the server.
}

export function readUploadForm(req: IncomingMessage, options: UploadStreamOptions): Promise<UploadOutcome> {
  const fields = new Map<string, string[]>();
  let file: UploadedFile | null = null;
  let current: { headers: PartHeaders; chunks: Buffer[]; size: number; hasher: Blake3Hasher | null } | null =
    null;
  let bodyBytes = 0;
  const maxBodyBytes = options.maxFileBytes + FORM_OVERHEAD_BYTES;

  const parser = new MultipartParser(options.boundary, {
    onPartStart(headers) {
      if (headers.name === 'file' && file !== null) throw new InvalidForm('more than one file part');
      current = { headers, chunks: [], size: 0, hasher: headers.name === 'file' ? new Blake3Hasher() : null };
    },
    onPartData(data) {
      if (!current) return;
      current.size += data.length;
      if (current.hasher) {
        options.onFileBytes(data.length);
        if (current.size > options.maxFileBytes) throw new TooLarge();
        current.hasher.update(data);
      } else if (current.size > MAX_FIELD_BYTES) {
        throw new InvalidForm(`form field ${current.headers.name} is over ${MAX_FIELD_BYTES} bytes`);
      }
      current.chunks.push(data);
    },
    onPartEnd() {
      if (!current) return;
      const { headers, chunks, hasher } = current;
      current = null;
      if (hasher) {
        file = {
          bytes: Buffer.concat(chunks),
          hex: hasher.digest('hex'),
          filename: headers.filename,
          contentType: headers.contentType,
        };
      } else {
        const values = fields.get(headers.name) ?? [];
        values.push(Buffer.concat(chunks).toString('utf8'));
        fields.set(headers.name, values);
      }
    },
  });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: UploadOutcome): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(outcome);
    };
    const fail = (error: unknown): void => {
      if (error instanceof TooLarge) finish({ kind: 'too_large' });
      else if (error instanceof MultipartError || error instanceof InvalidForm) {
        finish({ kind: 'invalid', message: error.message });
      } else finish({ kind: 'invalid', message: 'unreadable multipart body' });
    };
    const onData = (chunk: Buffer): void => {
      bodyBytes += chunk.length;
      try {
        if (bodyBytes > maxBodyBytes) throw new TooLarge();
        parser.write(chunk);
      } catch (error) {
        fail(error);
      }
    };
    const onEnd = (): void => {
      try {
        parser.end();
        finish({ kind: 'ok', form: { file, fields } });
      } catch (error) {
        fail(error);
      }
    };
    const onClose = (): void => finish({ kind: 'aborted' });
    req.on('error', ignoreError);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}
