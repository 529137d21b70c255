// Turns records into the JSON the service sends, with the URL rules of each surface (spec: Surfaces, Limits):
// self-hosted links its own content endpoint and has no expiry; managed and serverless hand out a freshly signed
// storage URL every time, whose real expiry goes into url_expires_at, except on a managed job Output, where
// url_expires_at repeats the job's expires_at.
import type { Surface } from '../types';
import type { AssetRecord, StoredBlob } from './assetStore';
import { formatBlake3 } from './assetFields';
import { deadlineIso } from './retention';
import { STORAGE_PATH_PREFIX, type StorageSigner } from './signedUrls';

export interface LinkContext {
  origin: string;
  prefix: string;
}

export interface AssetJson {
  id: string;
  hash: string | null;
  size_bytes: number;
  content_type: string;
  created_at: string;
  url: string;
  url_expires_at: string | null;
  file_path: string | null;
  expires_at: string | null;
  created_new?: boolean;
  job_id?: string;
}

export interface OutputJson {
  url: string;
  url_expires_at: string | null;
  hash: string | null;
  size_bytes: number;
  content_type: string;
  id: string;
}

export class AssetPresenter {
  constructor(
    private readonly surface: Surface,
    private readonly signer: StorageSigner,
    private readonly urlTtlSeconds: () => number,
    private readonly now: () => number,
  ) {}

  /** The authenticated, stable content endpoint (spec: Limits, URL lifetime 1). Includes any mount prefix. */
  contentUrl(record: AssetRecord, link: LinkContext): string {
    return `${link.origin}${link.prefix}/api/v2/assets/${encodeURIComponent(record.id)}/content`;
  }

  /** A fresh signed storage URL; storage lives outside the mount, like an object store on its own host. */
  signedUrl(record: AssetRecord, blob: StoredBlob, link: LinkContext): { url: string; expiresAtMs: number } {
    const expiresAtMs = this.now() + Math.max(0, this.urlTtlSeconds()) * 1000;
    const token = this.signer.sign({
      assetId: record.id,
      blobHex: blob.hex,
      contentType: record.contentType,
      expiresAtMs,
    });
    return { url: `${link.origin}${STORAGE_PATH_PREFIX}${token}`, expiresAtMs };
  }

  asset(record: AssetRecord, blob: StoredBlob, link: LinkContext, createdNew?: boolean): AssetJson {
    const { url, expiresAt } = this.link(record, blob, link);
    const json: AssetJson = {
      id: record.id,
      hash: this.publishedHash(blob),
      size_bytes: blob.bytes.length,
      content_type: record.contentType,
      created_at: new Date(record.createdAtMs).toISOString(),
      url,
      url_expires_at: expiresAt,
      file_path: record.filePath,
      expires_at: deadlineIso(record.expiresAt),
    };
    if (createdNew !== undefined) json.created_new = createdNew;
    if (record.jobId !== null) json.job_id = record.jobId;
    return json;
  }

  output(record: AssetRecord, blob: StoredBlob, link: LinkContext): OutputJson {
    const { url, expiresAt } = this.link(record, blob, link);
    const urlExpiresAt = this.surface === 'managed' ? (record.jobExpiresAt ?? expiresAt) : expiresAt;
    return {
      url,
      url_expires_at: urlExpiresAt,
      hash: this.publishedHash(blob),
      size_bytes: blob.bytes.length,
      content_type: record.contentType,
      id: record.id,
    };
  }

  /** The hash is known internally at once (dedup needs it) but published only once "computed". */
  private publishedHash(blob: StoredBlob): string | null {
    return this.now() >= blob.hashVisibleAtMs ? formatBlake3(blob.hex) : null;
  }

  private link(
    record: AssetRecord,
    blob: StoredBlob,
    link: LinkContext,
  ): { url: string; expiresAt: string | null } {
    if (this.surface === 'self-hosted') return { url: this.contentUrl(record, link), expiresAt: null };
    const signed = this.signedUrl(record, blob, link);
    return { url: signed.url, expiresAt: new Date(signed.expiresAtMs).toISOString() };
  }
}
