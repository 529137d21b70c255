// `--label k=v` options: checked with the same rules the API layer enforces, as usage errors that name the
// offending label, before any request is built.
import { LabelKeySchema, LabelValueSchema } from '../core/api';
import type { ParsedArgs } from './parsedArgs';
import { visible } from './terminalText';

export function readLabels(args: ParsedArgs, option = 'label'): Record<string, string> | undefined {
  const raw = args.strings(option);
  if (raw.length === 0) return undefined;
  const labels: Record<string, string> = {};
  for (const text of raw) {
    const equals = text.indexOf('=');
    if (equals <= 0) throw args.usageError(`--${option} ${visible(text)} is not key=value.`);
    const key = text.slice(0, equals);
    const value = text.slice(equals + 1);
    const keyCheck = LabelKeySchema.safeParse(key);
    if (!keyCheck.success)
      throw args.usageError(`--${option} ${visible(key)}: ${keyCheck.error.issues[0]?.message ?? 'bad key'}`);
    const valueCheck = LabelValueSchema.safeParse(value);
    if (!valueCheck.success)
      throw args.usageError(
        `--${option} ${visible(key)}: ${valueCheck.error.issues[0]?.message ?? 'bad value'}`,
      );
    if (Object.hasOwn(labels, key)) throw args.usageError(`--${option} ${visible(key)} is given twice.`);
    labels[key] = value;
  }
  return labels;
}
