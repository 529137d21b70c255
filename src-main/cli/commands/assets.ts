// `loupe assets hash|upload|get`, on core: hashing by core's native hasher in its worker, uploads by core's
// upload service (hash first, ask the service whether it holds those bytes, send only when it does not,
// every request written before it is sent), bytes by core's asset reader (the disk cache or the network,
// an expired signed link re-resolved) and written checked against the asset's hash.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { UploadFile } from '../../../src-shared/contracts/uploads';
import type { Asset } from '../../core/api';
import { writeExactFile } from '../../core/content';
import { FileHasher } from '../../core/uploads';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { CliError, UsageError } from '../errors';
import { exitCodes } from '../exitCodes';
import { formatBytes, table } from '../format';
import type { Engine } from '../session';
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
    const hasher = new FileHasher();
    try {
      const digest = await hasher.hash(path, {
        signal,
        onProgress: (done) => out.status(`hashing  ${formatBytes(done)} / ${formatBytes(size)}`),
      });
      out.clearStatus();
      if (out.json) out.document({ file: path, size: digest.size, hash: digest.hash });
      else out.line(digest.hash);
    } finally {
      await hasher.close();
    }
    return exitCodes.ok;
  },
};

/** Follows the one-file batch to its end, showing where it is on stderr. */
async function uploadOne(context: CommandContext, engine: Engine, path: string): Promise<UploadFile> {
  const { args, out, signal } = context;
  const uploads = engine.core.uploads;
  const contentType = args.string('content-type');
  const { batchId } = await uploads.start(
    engine.target.profile.id,
    [path],
    {},
    contentType === undefined ? {} : { contentType },
  );
  const cancel = (): void => void uploads.cancel(batchId);
  signal.addEventListener('abort', cancel, { once: true });
  const stopShowing = uploads.onChange(batchId, () => {
    const file = uploads.batch(batchId).files[0];
    if (file === undefined) return;
    if (file.state === 'hashing')
      out.status(`hashing  ${formatBytes(file.bytesHashed)} / ${formatBytes(file.size)}`);
    else if (file.state === 'sending')
      out.status(`uploading  ${formatBytes(file.bytesSent)} / ${formatBytes(file.size)}`);
  });
  try {
    const batch = await uploads.whenFinished(batchId);
    const file = batch.files[0];
    if (file === undefined) throw new CliError('upload_failed', 'The file was not taken for upload.');
    return file;
  } finally {
    stopShowing();
    signal.removeEventListener('abort', cancel);
    out.clearStatus();
  }
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
    const engine = await session.engine();
    const file = await uploadOne(context, engine, path);
    const outcome = file.outcome;
    if (signal.aborted || outcome?.kind === 'canceled') throw new DOMException('Interrupted', 'AbortError');
    if (outcome === null) throw new CliError('upload_failed', 'The upload ended without an outcome.');
    if (outcome.kind === 'failed')
      throw new CliError(outcome.code, outcome.message, uploadHint(outcome.code, outcome.outcomeUnknown));
    if (outcome.kind === 'refused-too-large')
      throw new CliError(
        'file_too_large',
        outcome.message,
        'The service takes files up to its upload limit.',
      );
    const method = outcome.kind === 'deduplicated' ? 'from-hash' : 'upload';
    const bytesSent = method === 'upload' ? size : 0;
    if (out.json)
      out.document({ assetId: outcome.assetId, hash: file.hash, size, method, bytesSent, outcome });
    else {
      out.line(visible(outcome.assetId));
      out.note(
        outcome.kind === 'deduplicated'
          ? `The service already had these bytes (${file.hash ?? ''}); the asset was made from the hash, no file bytes sent.`
          : `Uploaded ${formatBytes(size)}${outcome.createdNew === false ? ' (the service already stored identical bytes)' : ''}.`,
      );
    }
    return exitCodes.ok;
  },
};

function uploadHint(code: string, outcomeUnknown: boolean): string | null {
  if (outcomeUnknown)
    return 'The service may have stored it. Run the same command again: Loupe checks by hash before sending anything.';
  if (code === 'unauthorized')
    return 'Check the API key (`loupe profiles test` tells whether it is accepted).';
  return null;
}

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
    const engine = await session.engine();
    const asset = await engine.assets.get(args.positional(0), { signal });
    const target = args.string('output');
    if (target === undefined) {
      if (out.json) out.document(asset);
      else for (const line of assetLines(asset)) out.line(line);
      return exitCodes.ok;
    }
    if (target === '-' && out.stdoutIsTerminal)
      throw args.usageError('Refusing to write file bytes to a terminal; use -o FILE or a pipe.');
    const body = await assetBody(engine, asset, signal);
    if (target === '-') {
      const reader = body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        await out.bytes(chunk.value);
      return exitCodes.ok;
    }
    const saved = await writeExactFile(resolve(io.cwd, target), body, {
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

/** The asset's whole bytes through core (the disk cache, or the network with a fresh link). */
async function assetBody(
  engine: Engine,
  asset: Asset,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const reply = await engine.core.content.bytes.read({
    profileId: engine.target.profile.id,
    assetId: asset.id,
    range: null,
    headOnly: false,
    signal,
  });
  if (reply.status === 200 && reply.body !== null) return reply.body;
  await reply.body?.cancel();
  throw new CliError('download_failed', `The service answered ${reply.status} instead of the whole file.`);
}

export const assetCommands: readonly CommandSpec[] = [hash, upload, get];
