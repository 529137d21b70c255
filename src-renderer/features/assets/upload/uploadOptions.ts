// The upload options form's text, turned into the contract's UploadOptions and checked with the contract's own
// schema, so what the form accepts is exactly what main accepts.
import { uploadOptionsSchema, type UploadOptions } from '../../../../src-shared/contract';
import type { UploadOptionsDraft } from '../assetsUiStore';

export const EXPIRY_CHOICES: readonly { value: string; label: string }[] = [
  { value: '', label: 'Service default' },
  { value: '3600', label: '1 hour' },
  { value: '21600', label: '6 hours' },
  { value: '86400', label: '1 day' },
  { value: '259200', label: '3 days' },
  { value: '604800', label: '7 days' },
];

export type OptionErrors = Partial<Record<keyof UploadOptionsDraft, string[]>>;

export type ParsedOptions = { ok: true; options: UploadOptions } | { ok: false; errors: OptionErrors };

export function parseUploadOptions(draft: UploadOptionsDraft): ParsedOptions {
  const folder = draft.filePath.trim().replace(/^\/+|\/+$/g, '');
  const tags = [
    ...new Set(
      draft.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
  const candidate = {
    ...(folder === '' ? {} : { filePath: folder }),
    ...(tags.length === 0 ? {} : { tags }),
    ...(draft.expiresIn === '' ? {} : { expiresIn: Number(draft.expiresIn) }),
  };
  const parsed = uploadOptionsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, options: parsed.data };
  const errors: OptionErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key: keyof UploadOptionsDraft =
      field === 'tags' ? 'tags' : field === 'expiresIn' ? 'expiresIn' : 'filePath';
    const words = field === 'tags' ? tagWords(issue.message) : issue.message;
    errors[key] = [...(errors[key] ?? []), words];
  }
  return { ok: false, errors };
}

function tagWords(message: string): string {
  return message === 'No control characters.'
    ? message
    : 'Tags are 1 to 64 characters each, at most 32 of them, separated by commas.';
}

/** Where the next upload goes, in words, for the drop overlay and the tray. */
export function destinationText(parsed: ParsedOptions): string {
  if (!parsed.ok) return 'Check the upload options first.';
  const { filePath, tags, expiresIn } = parsed.options;
  const expiry = EXPIRY_CHOICES.find((choice) => choice.value === String(expiresIn ?? ''))?.label;
  return [
    filePath === undefined ? 'Into the top folder' : `Into ${filePath}/`,
    tags === undefined ? 'no tags' : `tags ${tags.join(', ')}`,
    expiresIn === undefined
      ? 'kept as long as the service keeps uploads'
      : `expires after ${expiry ?? `${expiresIn} s`}`,
  ].join(' · ');
}
