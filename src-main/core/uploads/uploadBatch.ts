// One batch of uploads as it runs: each file's state, what changed since listeners last looked, and the
// summary. Main-side memory of this session; what each request did is recorded in the store's uploads table.
import type {
  UploadBatch,
  UploadFile,
  UploadOptions,
  UploadSkipped,
  UploadSummary,
} from '../../../src-shared/contract';
import type { ExpandedFile } from './expandPaths';
import { summarize } from './summary';

export interface FileRecord {
  file: UploadFile;
  /** The store row of the latest attempt, so a retry can reconcile it. */
  rowId: string | null;
  /** Set while the file is being worked on: aborting it cancels the hash or the request. */
  controller: AbortController | null;
  /** A file the page hashed (browser shell): what it declared; its bytes arrive over the upload route. */
  bytes?: DeclaredBytes;
}

export interface DeclaredBytes {
  hash: string;
  size: number;
  /** As the page gave it (File.type), or the type guessed from the name when the page did not know. */
  contentType: string;
}

export type BatchListener = (changedFileIds: readonly string[]) => void;

export class UploadBatchState {
  private readonly records = new Map<string, FileRecord>();
  private readonly listeners = new Set<BatchListener>();

  constructor(
    readonly batchId: string,
    readonly profileId: string,
    readonly createdAt: string,
    readonly options: UploadOptions,
    files: readonly ExpandedFile[],
    readonly skipped: readonly UploadSkipped[],
  ) {
    files.forEach((file, index) => {
      const fileId = `f${index + 1}`;
      this.records.set(fileId, {
        file: {
          fileId,
          path: file.path,
          relativePath: file.relativePath,
          size: file.size,
          state: 'queued',
          bytesHashed: 0,
          bytesSent: 0,
          hash: null,
          outcome: null,
        },
        rowId: null,
        controller: null,
      });
    });
  }

  record(fileId: string): FileRecord | undefined {
    return this.records.get(fileId);
  }

  allRecords(): FileRecord[] {
    return [...this.records.values()];
  }

  nextQueued(): FileRecord | undefined {
    return this.allRecords().find((record) => record.file.state === 'queued');
  }

  update(fileId: string, patch: Partial<Omit<UploadFile, 'fileId'>>): void {
    const record = this.records.get(fileId);
    if (record === undefined) return;
    record.file = { ...record.file, ...patch };
    for (const listener of [...this.listeners]) listener([fileId]);
  }

  get finished(): boolean {
    return this.allRecords().every((record) => record.file.state === 'done');
  }

  files(ids?: readonly string[]): UploadFile[] {
    if (ids === undefined) return this.allRecords().map((record) => record.file);
    return ids.flatMap((id) => {
      const record = this.records.get(id);
      return record === undefined ? [] : [record.file];
    });
  }

  summary(): UploadSummary {
    return summarize(this.files());
  }

  snapshot(): UploadBatch {
    return {
      batchId: this.batchId,
      profileId: this.profileId,
      createdAt: this.createdAt,
      options: this.options,
      files: this.files(),
      skipped: [...this.skipped],
      summary: this.summary(),
      finished: this.finished,
    };
  }

  onChange(listener: BatchListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
