// The Asset resource (job-and-asset-api.md, required fields from NOTES "Asset: required fields").
import { z } from 'zod';
import { orNull } from './tolerant';

export const AssetSchema = z.looseObject({
  id: z.string().min(1),
  /** `blake3:<hex>`, null while the service computes it lazily. */
  hash: orNull(z.string()).catch(null),
  size_bytes: z.number(),
  content_type: z.string().catch('application/octet-stream'),
  created_at: z.string(),
  url: z.string(),
  url_expires_at: orNull(z.string()).catch(null),
  file_path: orNull(z.string()).catch(null),
  created_new: orNull(z.boolean()).catch(null),
  /** Null: the asset does not expire. */
  expires_at: orNull(z.string()).catch(null),
  job_id: orNull(z.string()).catch(null),
});
export type Asset = z.output<typeof AssetSchema>;
