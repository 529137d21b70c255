// Job labels: the key rule (NOTES "GET /api/v2/jobs: the metadata key rule", reported by the reference
// SDK, not contract) and the value rule from the list endpoint's refusals. Checked before sending so a
// bad filter is a local, explained error instead of a 400 round trip.
import { z } from 'zod';

export const labelKeyPattern = /^[A-Za-z0-9_.-]{1,40}$/;

/** C0 and C1 controls and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern.
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/u;
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const bidiControl = /[\u202a-\u202e\u2066-\u2069]/u;

export const maxListFilters = 3;
export const maxLabelsPerJob = 16;

export const LabelKeySchema = z
  .string()
  .regex(labelKeyPattern, 'A label key is 1 to 40 characters from A-Z a-z 0-9 _ - .');

export const LabelValueSchema = z
  .string()
  .refine((value) => !controlCharacter.test(value), 'A label value may not contain control characters.')
  .refine(
    (value) => !bidiControl.test(value),
    'A label value may not contain bidirectional embedding, override or isolate characters.',
  );

export const LabelMapSchema = z.record(LabelKeySchema, LabelValueSchema);
