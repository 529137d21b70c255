// A batch's results in a folder: every output of every item's job, named from the item's values
// (`seed-3_cfg-7_00001.png`, made safe), plus manifest.csv and manifest.json (item, values, attempts, job
// ids, status, error, output names and blake3 hashes). Bytes come through AssetBytes (the disk cache, or the
// network with a fresh signed link), are checked against the service's hash as they are written, and never
// replace an existing file. An output that cannot be fetched is named in the manifest, not a reason to stop.
// A PNG of a job whose API workflow Loupe sent gets it as a `prompt` chunk, so the picture opens as a
// workflow again (the service's hash is checked on the bytes as they come; the manifest's is the file's).
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { safeFileName } from '../../../src-shared/safeFileName';
import type { AssetBytes } from '../content/assetBytes';
import { writeNewFile } from '../content/saveToFolder';
import { DomainError } from '../errors';
import { readWire } from '../jobSources/wireJob';
import type { LoupeStore } from '../store';
import { outputsOfJob, storedOutputsOf } from './batchJobs';
import { itemSlug } from '../plan/slug';
import { PromptInserter } from '../pictures/promptStream';

export interface ExportedOutput {
  name: string;
  assetId: string;
  /** The file written, relative to the folder; null when it could not be fetched. */
  file: string | null;
  hash: string | null;
  error: string | null;
}

export interface ExportedItem {
  item: number;
  values: Record<string, unknown>;
  attempts: number;
  jobIds: string[];
  status: string;
  error: string | null;
  outputs: ExportedOutput[];
}

export interface ExportResult {
  folder: string;
  items: ExportedItem[];
  files: number;
  failed: number;
}

export interface ExportDeps {
  store: LoupeStore;
  bytes: Pick<AssetBytes, 'read'>;
  profileId: string;
}

export interface ExportOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export async function exportBatch(
  deps: ExportDeps,
  batchId: string,
  folder: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const { store, profileId } = deps;
  const batch = store.batches.get(batchId);
  if (batch?.profileId !== profileId) {
    throw new DomainError('batch_not_found', 'There is no batch with this id for this profile.');
  }
  await mkdir(folder, { recursive: true });
  const rows = store.batchItems.listForBatch(batchId).rows;
  const stored = storedOutputsOf(store, profileId);
  // The outputs the batch's gallery shows: each job's, from its last snapshot (a job Loupe never watched,
  // like the Demo's seeded ones, has no rows in the outputs table but its snapshot names them).
  const jobs = rows.map((row) => {
    const job = row.jobId === null ? null : store.jobs.get(profileId, row.jobId);
    const outputs = row.jobId === null || job === null ? [] : outputsOfJob(row.jobId, job, stored);
    return { job, outputs };
  });
  const total = jobs.reduce((sum, { outputs }) => sum + outputs.length, 0);
  const items: ExportedItem[] = [];
  let done = 0;
  for (const [at, row] of rows.entries()) {
    const { job, outputs: jobOutputs } = jobs[at] ?? { job: null, outputs: [] };
    const values = Object.fromEntries((row.values ?? []).map((v) => [v.target, v.value]));
    const slug = itemSlug(
      (row.values ?? []).map((v) => ({ input: v.target.split('.').slice(1).join('.'), value: v.value })),
      null,
      row.position,
    );
    const wire = job?.snapshot ? readWire(job.snapshot) : null;
    const outputs: ExportedOutput[] = [];
    for (const [index, output] of jobOutputs.entries()) {
      options.signal?.throwIfAborted();
      const name = safeFileName(
        `${slug}_${String(index + 1).padStart(5, '0')}${extname(output.name)}`,
        output.assetId,
      );
      const described = {
        assetId: output.assetId,
        name: output.name,
        hash: output.hash,
        size: output.sizeBytes,
      };
      const workflow = job?.workflow ?? null;
      outputs.push(await exportOne(deps, folder, name, described, workflow, options.signal));
      done += 1;
      options.onProgress?.(done, total);
    }
    items.push({
      item: row.position,
      values,
      attempts: row.attempts,
      jobIds: attemptJobIds(store, profileId, row.jobId ?? row.retryOfJob, row.attempts),
      status: job?.status ?? row.state,
      error: wire?.error?.message ?? row.lastError,
      outputs,
    });
  }
  await writeFile(
    join(folder, 'manifest.json'),
    `${JSON.stringify({ batch: batch.name, batchId, items }, null, 2)}\n`,
  );
  await writeFile(join(folder, 'manifest.csv'), manifestCsv(items));
  const files = items.reduce((sum, item) => sum + item.outputs.filter((o) => o.file !== null).length, 0);
  return { folder, items, files, failed: total - files };
}

/**
 * Every attempt's job of an item, oldest first. The item names only its latest job (or, between a retry and its
 * new job, the failed one it retries); each retry's job was recorded with the job it retries, so the chain is
 * walked back from there, no further than the item's attempts (a damaged link never loops).
 */
function attemptJobIds(
  store: LoupeStore,
  profileId: string,
  latest: string | null,
  attempts: number,
): string[] {
  const chain: string[] = [];
  for (let jobId = latest; jobId !== null && chain.length < Math.max(attempts, 1);) {
    if (chain.includes(jobId)) break;
    chain.push(jobId);
    jobId = store.jobs.get(profileId, jobId)?.retryOf ?? null;
  }
  return chain.reverse();
}

async function exportOne(
  deps: ExportDeps,
  folder: string,
  name: string,
  output: { assetId: string; name: string; hash: string | null; size: number | null },
  workflow: Record<string, unknown> | null,
  signal: AbortSignal | undefined,
): Promise<ExportedOutput> {
  try {
    const reply = await deps.bytes.read({
      profileId: deps.profileId,
      assetId: output.assetId,
      range: null,
      headOnly: false,
      ...(signal === undefined ? {} : { signal }),
    });
    if (reply.status !== 200 || reply.body === null) {
      await reply.body?.cancel();
      throw new Error(`the service answered ${reply.status} instead of the whole file`);
    }
    const written = await writeNewFile(folder, name, reply.body, {
      expectedHash: output.hash,
      expectedSize: output.size,
      ...(signal === undefined ? {} : { signal }),
      ...(workflow === null ? {} : { reshape: () => new PromptInserter(workflow) }),
    });
    return {
      name: output.name,
      assetId: output.assetId,
      file: basename(written.path),
      hash: written.hash,
      error: null,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : 'the file could not be saved';
    return { name: output.name, assetId: output.assetId, file: null, hash: output.hash, error: message };
  }
}

/** RFC 4180: every field quoted, quotes doubled; one row per item, list columns joined with `;`. */
function manifestCsv(items: readonly ExportedItem[]): string {
  const targets = [...new Set(items.flatMap((item) => Object.keys(item.values)))];
  const header = ['item', ...targets, 'attempts', 'job_ids', 'status', 'error', 'outputs', 'files', 'hashes'];
  const rows = items.map((item) => [
    String(item.item),
    ...targets.map((target) => (target in item.values ? JSON.stringify(item.values[target]) : '')),
    String(item.attempts),
    item.jobIds.join(';'),
    item.status,
    item.error ?? '',
    item.outputs.map((o) => o.name).join(';'),
    item.outputs.map((o) => o.file ?? '').join(';'),
    item.outputs.map((o) => o.hash ?? '').join(';'),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * Quoted, quotes doubled; and a field a spreadsheet would run as a formula (a service's error message or
 * file name starting with `=`, `+`, `@`, or `-` before a non-number) is prefixed with `'` so it stays text.
 */
function csvField(text: string): string {
  const inert = /^[=+@\t\r]|^-[^0-9.]/.test(text) ? `'${text}` : text;
  return `"${inert.replace(/"/g, '""')}"`;
}
