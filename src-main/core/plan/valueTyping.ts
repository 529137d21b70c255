// A value is read as the type of what it replaces. The service checks an INT input against a number, and a
// text "7" where 7 belonged fails only when the job runs, after it was queued and perhaps paid for; so a
// value that cannot be that type is refused here, while the user is still at the keyboard.
import { BatchPlanError, quoted, shortened, type BatchPlanErrorDetails } from './planError';
import type { ScalarTarget, TargetKind } from './targets';

/** Decimal numbers as people write them (`7`, `-0.5`, `.5`, `1e6`); no hex, no `Infinity`, no blank. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export type ValueContext = Omit<BatchPlanErrorDetails, 'target' | 'value'>;

/** `text` as the value `target` takes, or an error that names the axis (or row) and the value. */
export function typedValue(
  text: string,
  target: ScalarTarget,
  where: string,
  context: ValueContext,
): string | number | boolean {
  const read = readAs(target.kind, text);
  if (read !== undefined) return read;
  const words = KIND_WORDS[target.kind];
  throw new BatchPlanError(
    `${where}: ${quoted(text)} is not ${words}, and ${target.key} holds ${words}. ` +
      HOW_TO_WRITE[target.kind],
    { ...context, target: target.key, value: shortened(text) },
  );
}

/** A number from a range, written into `target`: as itself, as its text, or refused for a boolean. */
export function typedNumber(
  value: number,
  target: ScalarTarget,
  where: string,
  context: ValueContext,
): string | number {
  if (target.kind === 'number') return value;
  if (target.kind === 'string') return String(value);
  throw new BatchPlanError(
    `${where}: ${target.key} holds true or false, so a range of numbers cannot go there. ` +
      HOW_TO_WRITE.boolean,
    { ...context, target: target.key, value: String(value) },
  );
}

function readAs(kind: TargetKind, text: string): string | number | boolean | undefined {
  switch (kind) {
    case 'string':
      return text;
    case 'number': {
      const trimmed = text.trim();
      if (!NUMBER.test(trimmed)) return undefined;
      const value = Number(trimmed);
      return Number.isFinite(value) ? value : undefined;
    }
    case 'boolean': {
      const lowered = text.trim().toLowerCase();
      if (lowered === 'true') return true;
      if (lowered === 'false') return false;
      return undefined;
    }
  }
}

const KIND_WORDS: Record<TargetKind, string> = {
  number: 'a number',
  boolean: 'true or false',
  string: 'text',
};

const HOW_TO_WRITE: Record<TargetKind, string> = {
  number: 'Write numbers like 7, -2 or 7.5, or a range like 1..8.',
  boolean: 'Write true or false.',
  string: '',
};
