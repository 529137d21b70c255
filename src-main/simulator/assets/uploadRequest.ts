// Turns a received multipart form into a validated upload request (spec: POST /api/v2/assets form fields).
// Explicit fields win over what the file part itself says (its filename and Content-Type).
import {
  checkContentType,
  checkExpiresIn,
  checkFilePath,
  checkTags,
  parseBlake3,
  tagsFromFormValues,
  type Checked,
} from './assetFields';
import type { UploadForm, UploadedFile } from './uploadStream';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface UploadRequest {
  file: UploadedFile;
  contentType: string;
  filePath: string | null;
  tags: string[];
  expiresInSeconds: number | null;
  /** Lower-case hex of `expected_hash`, when given. */
  expectedHex: string | null;
}

/** A form field given at most once: null when absent, else what `check` makes of it. */
function optionalField<T>(
  fields: Map<string, string[]>,
  name: string,
  check: (raw: string) => Checked<T>,
): Checked<T | null> {
  const values = fields.get(name) ?? [];
  if (values.length > 1) return { ok: false, message: `${name} was given more than once` };
  const raw = values[0];
  return raw === undefined ? { ok: true, value: null } : check(raw);
}

/** What the file part itself says, taken only when it is valid; it never fails the upload. */
function fromPart<T>(raw: string | null, check: (raw: string) => Checked<T>): T | null {
  if (raw === null) return null;
  const checked = check(raw);
  return checked.ok ? checked.value : null;
}

function checkExpectedHash(raw: string): Checked<string> {
  const hex = parseBlake3(raw.trim());
  return hex === null
    ? { ok: false, message: 'expected_hash must be blake3:<64 hex digits>' }
    : { ok: true, value: hex };
}

export function toUploadRequest(form: UploadForm): Checked<UploadRequest> {
  const { file, fields } = form;
  if (!file) return { ok: false, message: 'the file field is required' };
  const contentType = optionalField(fields, 'content_type', checkContentType);
  if (!contentType.ok) return contentType;
  const filePath = optionalField(fields, 'file_path', checkFilePath);
  if (!filePath.ok) return filePath;
  const expectedHex = optionalField(fields, 'expected_hash', checkExpectedHash);
  if (!expectedHex.ok) return expectedHex;
  const expiresInSeconds = optionalField(fields, 'expires_in', checkExpiresIn);
  if (!expiresInSeconds.ok) return expiresInSeconds;
  const tags = checkTags(tagsFromFormValues(fields.get('tags') ?? []));
  if (!tags.ok) return tags;

  return {
    ok: true,
    value: {
      file,
      contentType: contentType.value ?? fromPart(file.contentType, checkContentType) ?? DEFAULT_CONTENT_TYPE,
      filePath: filePath.value ?? fromPart(file.filename, checkFilePath),
      tags: tags.value,
      expiresInSeconds: expiresInSeconds.value,
      expectedHex: expectedHex.value,
    },
  };
}
