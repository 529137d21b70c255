// Committing a node's files as real output assets: the live runner and the instant seed run both do it.
import { isoTime } from '../clock';
import type { AssetPort } from '../ports';
import type { JobRecord, OutputRecord } from './jobModel';
import type { OutputFile } from './nodeEffects';

/** Stores `file` as an output asset of `job` (the asset service marks outputs in use) and records it. */
export function commitOutputFile(
  assets: AssetPort,
  job: JobRecord,
  nodeId: string,
  file: OutputFile,
): OutputRecord {
  const { id } = assets.createOutput(job.owner, {
    bytes: file.bytes,
    contentType: file.contentType,
    filePath: file.filePath,
    jobId: job.id,
    expiresAt: isoTime(job.expiresAt),
  });
  const output: OutputRecord = {
    assetId: id,
    nodeId,
    name: file.name,
    type: file.type,
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
  };
  job.outputs.push(output);
  return output;
}
