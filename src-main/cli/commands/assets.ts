// `loupe assets hash|upload|get`. Upload hashes first and asks the service whether it already holds those
// bytes (HEAD by-hash): if so the asset is minted from the hash and no file byte is sent; otherwise the
// file is streamed as multipart with its expected hash (the service verifies it) and an Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { ApiError, type Asset, type AssetsClient, type CreatedAsset } from '../../core/api';
import { blake3File } from '../blake3File';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { contentTypeFor } from '../../core/uploads/contentType';
import { saveToPath } from '../download';
import { UsageError } from '../errors';
import { exitCodes } from '../exitCodes';
import { formatBytes, table } from '../format';
import type { Output } from '../io';
import { visible } from '../terminalText';

/** The size of a regular file the user named, or a usage error that says what is wrong with the path. */
async function inputFileSize(path: string, shown: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`${shown} is not a file.`);
    return info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    throw new UsageError(
      code === 'ENOENT' ? `${shown} does not exist.` : `${shown} cannot be read (${code}).`,
      null,
      'file_not_found',
    );
  }
}

function hashWithProgress(path: string, size: number, out: Output, signal: AbortSignal): Promise<string> {
  return blake3File(
    path,
    (done) => out.status(`hashing  ${formatBytes(done)} / ${formatBytes(size)}`),
    signal,
  ).finally(() => out.clearStatus());
}

function assetLines(asset: Asset): string[] {
  const rows: Array<[string, string]> = [
    ['id', asset.id],
    ['hash', asset.hash ?? '(not computed yet)'],
    ['size', `${formatBytes(asset.size_bytes)} (${asset.size_bytes} bytes)`],
    ['type', asset.content_type],
    ['path', asset.file_path ?? ''],
    ['created', asset.created_at],
    ['expires', asset.expires_at ?? 'never'],
  ];
  if (asset.job_id !== null) rows.push(['job', asset.job_id]);
  return table(['', ''], rows).slice(1);
}

const hash: CommandSpec = {
  words: ['assets', 'hash'],
  summary: 'Print a file\u2019s blake3 hash as the service writes it (blake3:<hex>)',
  positionals: ['FILE'],
  options: {},
  optionHelp: [],
  usesConnection: false,
  async run({ args, io, out, signal }: CommandContext) {
    const shown = args.positional(0);
    const path = resolve(io.cwd, shown);
    const size = await inputFileSize(path, shown);
    const digest = await hashWithProgress(path, size, out, signal);
    if (out.json) out.document({ file: path, size, hash: digest });
    else out.line(digest);
    return exitCodes.ok;
  },
};

async function fromHashIfHeld(
  context: CommandContext,
  assets: AssetsClient,
  digest: string,
  name: string,
): Promise<CreatedAsset | null> {
  if (!(await assets.existsByHash(digest, { signal: context.signal }))) return null;
  try {
    return await assets.fromHash({ hash: digest, file_path: name }, { signal: context.signal });
  } catch (error) {
    // Held a moment ago and gone now (or not ours after all): send the bytes instead.
    if (error instanceof ApiError && error.code === 'blob_not_found') return null;
    throw error;
  }
}

/** Streams the file with its hash (the service checks the bytes against it) under a new Idempotency-Key. */
async function sendFile(
  context: CommandContext,
  assets: AssetsClient,
  file: { path: string; name: string; size: number; digest: string },
): Promise<CreatedAsset> {
  const { args, out, signal } = context;
  const created = await assets.upload(
    {
      source: () => createReadStream(file.path),
      size: file.size,
      fileName: file.name,
      filePath: file.name,
      contentType: args.string('content-type') ?? contentTypeFor(file.path),
      expectedHash: file.digest,
      idempotencyKey: randomUUID(),
      onProgress: (sent) => out.status(`uploading  ${formatBytes(sent)} / ${formatBytes(file.size)}`),
    },
    { signal },
  );
  out.clearStatus();
  return created;
}

const upload: CommandSpec = {
  words: ['assets', 'upload'],
  summary: 'Upload a file as an asset (sends no bytes when the service already has them)',
  positionals: ['FILE'],
  options: { 'content-type': { type: 'string' } },
  optionHelp: [{ flag: '--content-type T', text: 'the media type (default: from the file extension)' }],
  details:
    'Prints the new asset id; reference it in a workflow as {"__type":"core/ASSET","info":{"id":"<id>"}}.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out, session, signal } = context;
    const shown = args.positional(0);
    const path = resolve(io.cwd, shown);
    const size = await inputFileSize(path, shown);
    const name = basename(path);
    const { assets } = await session.clients();
    const digest = await hashWithProgress(path, size, out, signal);
    const held = await fromHashIfHeld(context, assets, digest, name);
    const method = held === null ? 'upload' : 'from-hash';
    const created = held ?? (await sendFile(context, assets, { path, name, size, digest }));
    const bytesSent = method === 'upload' ? size : 0;
    if (out.json) out.document({ asset: created.asset, created: created.created, method, bytesSent });
    else {
      out.line(visible(created.asset.id));
      out.note(
        method === 'from-hash'
          ? `The service already had these bytes (${digest}); the asset was made from the hash, no file bytes sent.`
          : `Uploaded ${formatBytes(size)}${created.created ? '' : ' (the service already stored identical bytes)'}.`,
      );
    }
    return exitCodes.ok;
  },
};

const get: CommandSpec = {
  words: ['assets', 'get'],
  summary: 'Show an asset, or save its bytes with -o FILE (- for stdout)',
  positionals: ['ID'],
  options: { output: { type: 'string', short: 'o' } },
  optionHelp: [
    {
      flag: '-o, --output FILE',
      text: 'save the bytes to FILE, checked against the asset\u2019s hash ("-" writes to stdout)',
    },
  ],
  usesConnection: true,
  async run({ args, io, out, session, signal }: CommandContext) {
    const { assets } = await session.clients();
    const asset = await assets.get(args.positional(0), { signal });
    const target = args.string('output');
    if (target === undefined) {
      if (out.json) out.document(asset);
      else for (const line of assetLines(asset)) out.line(line);
      return exitCodes.ok;
    }
    if (target === '-') {
      if (out.stdoutIsTerminal)
        throw args.usageError('Refusing to write file bytes to a terminal; use -o FILE or a pipe.');
      const content = await assets.content(asset.id, { signal });
      const reader = content.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        await out.bytes(chunk.value);
      return exitCodes.ok;
    }
    const content = await assets.content(asset.id, { signal });
    const saved = await saveToPath(resolve(io.cwd, target), content.body, {
      expectedHash: asset.hash,
      expectedSize: asset.size_bytes,
      signal,
      onProgress: (bytes) =>
        out.status(`downloading  ${formatBytes(bytes)} / ${formatBytes(asset.size_bytes)}`),
    });
    out.clearStatus();
    if (out.json) out.document({ asset, file: saved.path, bytes: saved.bytes, verified: saved.verified });
    else
      out.line(`${visible(saved.path)}  ${formatBytes(saved.bytes)}${saved.verified ? '  blake3 ok' : ''}`);
    return exitCodes.ok;
  },
};

export const assetCommands: readonly CommandSpec[] = [hash, upload, get];
