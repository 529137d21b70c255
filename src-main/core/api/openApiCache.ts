// Storage for the Router's per-model OpenAPI documents, revalidated with ETag / If-None-Match.
// The store is an interface so the CLI and tests can keep it in memory; the app keeps it on disk,
// one JSON file per model in a directory of the profile's own (documents differ between services).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CachedOpenApiSchema, type CachedOpenApi } from './schemas/router';

export interface OpenApiCacheStore {
  read(modelId: string): Promise<CachedOpenApi | null>;
  write(entry: CachedOpenApi): Promise<void>;
}

export class MemoryOpenApiCache implements OpenApiCacheStore {
  private readonly entries = new Map<string, CachedOpenApi>();

  read(modelId: string): Promise<CachedOpenApi | null> {
    return Promise.resolve(this.entries.get(modelId) ?? null);
  }

  write(entry: CachedOpenApi): Promise<void> {
    this.entries.set(entry.modelId, entry);
    return Promise.resolve();
  }
}

export class DiskOpenApiCache implements OpenApiCacheStore {
  constructor(private readonly directory: string) {}

  /** A missing, unreadable or tampered file is a cache miss: the document is simply fetched again. */
  async read(modelId: string): Promise<CachedOpenApi | null> {
    let text: string;
    try {
      text = await readFile(this.fileFor(modelId), 'utf8');
    } catch {
      return null;
    }
    try {
      const parsed = CachedOpenApiSchema.safeParse(JSON.parse(text));
      return parsed.success && parsed.data.modelId === modelId ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Written to a temporary file and renamed, so a crash never leaves half a document behind. */
  async write(entry: CachedOpenApi): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const target = this.fileFor(entry.modelId);
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify(entry), 'utf8');
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** encodeURIComponent turns the id's '/' (and anything else) into a safe, reversible file name. */
  private fileFor(modelId: string): string {
    return join(this.directory, `${encodeURIComponent(modelId)}.json`);
  }
}
