import { describe, expect, it } from 'vitest';
import { MultipartError, MultipartParser, formDataBoundary, type PartHeaders } from './multipartParser';
import { TEST_BOUNDARY, multipartBody } from './testRequests';

interface ParsedPart {
  headers: PartHeaders;
  data: Buffer;
}

function parse(chunks: Buffer[], boundary = TEST_BOUNDARY): ParsedPart[] {
  const parts: ParsedPart[] = [];
  let current: { headers: PartHeaders; pieces: Buffer[] } | null = null;
  const parser = new MultipartParser(boundary, {
    onPartStart: (headers) => (current = { headers, pieces: [] }),
    onPartData: (data) => current?.pieces.push(Buffer.from(data)),
    onPartEnd: () => {
      if (current) parts.push({ headers: current.headers, data: Buffer.concat(current.pieces) });
      current = null;
    },
  });
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return parts;
}

function splitAt(body: Buffer, at: number): Buffer[] {
  return [body.subarray(0, at), body.subarray(at)];
}

const FILE = Buffer.from('binary\r\n--not-the-boundary\r\n\x00\xff payload', 'latin1');

const body = multipartBody([
  { name: 'file_path', value: 'inputs/photo.png' },
  { name: 'file', value: FILE, filename: 'photo.png', contentType: 'image/png' },
  { name: 'tags', value: 'a' },
]);

describe('formDataBoundary', () => {
  it('reads plain and quoted boundaries and refuses other media types', () => {
    expect(formDataBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(formDataBoundary('Multipart/Form-Data; charset=utf-8; Boundary="a b:c"')).toBe('a b:c');
    expect(formDataBoundary('multipart/form-data')).toBeNull();
    expect(formDataBoundary('application/json')).toBeNull();
    expect(formDataBoundary(undefined)).toBeNull();
    expect(formDataBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
  });
});

describe('MultipartParser', () => {
  it('parses fields and a file whose bytes look like a boundary', () => {
    const parts = parse([body]);
    expect(parts.map((p) => p.headers.name)).toEqual(['file_path', 'file', 'tags']);
    expect(parts[0]!.data.toString()).toBe('inputs/photo.png');
    expect(parts[1]!.headers).toEqual({ name: 'file', filename: 'photo.png', contentType: 'image/png' });
    expect(parts[1]!.data.equals(FILE)).toBe(true);
  });

  it('gives the same result however the body is split across socket reads', () => {
    const expected = parse([body]);
    for (let at = 0; at <= body.length; at++) expect(parse(splitAt(body, at))).toEqual(expected);
    const bytes = [...body].map((byte) => Buffer.from([byte]));
    expect(parse(bytes)).toEqual(expected);
  });

  it('ignores preamble and epilogue, and reads RFC 5987 filenames', () => {
    const text =
      `preamble text\r\n--${TEST_BOUNDARY}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="x.txt"; filename*=UTF-8''%C3%A9t%C3%A9.txt\r\n\r\n` +
      `hi\r\n--${TEST_BOUNDARY}--\r\nepilogue`;
    const parts = parse([Buffer.from(text)]);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.headers.filename).toBe('été.txt');
    expect(parts[0]!.data.toString()).toBe('hi');
  });

  it('refuses a body cut short, a part without a name, and garbage', () => {
    expect(() => parse([body.subarray(0, body.length - 10)])).toThrow(MultipartError);
    const nameless = `--${TEST_BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${TEST_BOUNDARY}--`;
    expect(() => parse([Buffer.from(nameless)])).toThrow(MultipartError);
    const headerless = `--${TEST_BOUNDARY}\r\n\r\nx\r\n--${TEST_BOUNDARY}--`;
    expect(() => parse([Buffer.from(headerless)])).toThrow(MultipartError);
    expect(() => parse([Buffer.alloc(40_000, 'a')])).toThrow(MultipartError);
    const junkAfterBoundary = `--${TEST_BOUNDARY}junk\r\n`;
    expect(() => parse([Buffer.from(junkAfterBoundary)])).toThrow(MultipartError);
  });

  it('streams a large part out without holding it back', () => {
    const seen: number[] = [];
    const parser = new MultipartParser(TEST_BOUNDARY, {
      onPartStart: () => undefined,
      onPartData: (data) => seen.push(data.length),
      onPartEnd: () => undefined,
    });
    parser.write(Buffer.from(`--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\n`));
    parser.write(Buffer.alloc(100_000));
    // All but a delimiter-sized tail is already delivered before the body ends.
    expect(seen.reduce((a, b) => a + b, 0)).toBeGreaterThan(100_000 - 100);
  });
});
