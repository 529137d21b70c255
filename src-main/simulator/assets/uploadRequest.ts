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

function single(fields: Map<string, string[]>, name: string): Checked<string | null> {
  const values = fields.get(name) ?? [];
  if (values.length > 1) return { ok: false, message: `${name} was given more than once` };
  return { ok: true, value: values[0] ?? null };
}

export function toUploadRequest(form: UploadForm): Checked<UploadRequest> {
  const { file, fields } = form;
  if (!file) return { ok: false, message: 'the file field is required' };

  const contentTypeField = single(fields, 'content_type');
  if (!contentTypeField.ok) return contentTypeField;
  let contentType = DEFAULT_CONTENT_TYPE;
  if (contentTypeField.value !== null) {
    const checked = checkContentType(contentTypeField.value);
    if (!checked.ok) return checked;
    contentType = checked.value;
  } else if (file.contentType !== null) {
    const fromPart = checkContentType(file.contentType);
    if (fromPart.ok) contentType = fromPart.value;
  }

  const filePathField = single(fields, 'file_path');
  if (!filePathField.ok) return filePathField;
  let filePath: string | null = null;
  if (filePathField.value !== null) {
    const checked = checkFilePath(filePathField.value);
    if (!checked.ok) return checked;
    filePath = checked.value;
  } else if (file.filename !== null && checkFilePath(file.filename).ok) {
    filePath = file.filename;
  }

  const expectedField = single(fields, 'expected_hash');
  if (!expectedField.ok) return expectedField;
  let expectedHex: string | null = null;
  if (expectedField.value !== null) {
    expectedHex = parseBlake3(expectedField.value.trim());
    if (expectedHex === null) return { ok: false, message: 'expected_hash must be blake3:<64 hex digits>' };
  }

  const expiresField = single(fields, 'expires_in');
  if (!expiresField.ok) return expiresField;
  let expiresInSeconds: number | null = null;
  if (expiresField.value !== null) {
    const checked = checkExpiresIn(expiresField.value);
    if (!checked.ok) return checked;
    expiresInSeconds = checked.value;
  }

  const tags = checkTags(tagsFromFormValues(fields.get('tags') ?? []));
  if (!tags.ok) return tags;

  return {
    ok: true,
    value: { file, contentType, filePath, tags: tags.value, expiresInSeconds, expectedHex },
  };
}
