// What the service's `object_info` says an input accepts, read tolerantly: it comes from the service (and
// from custom nodes with their own ideas), so an entry Loupe cannot read is no rule, never a crash.
//   `["INT", { min, max, step }]`, `["FLOAT", …]`, `["STRING", …]`, `["BOOLEAN", …]`
//   `[["a.safetensors", "b.safetensors"], …]`     a list of choices
//   `["COMBO", { options: [...] }]`                 the same, as newer builds write it
// `step` is left alone: the editor rounds to it, but the service does not refuse a value off the step.
import { z } from 'zod';
import { isJsonObject } from './workflowShape';

export type InputRule =
  | { kind: 'INT' | 'FLOAT'; min: number | null; max: number | null }
  | { kind: 'STRING' | 'BOOLEAN' }
  | { kind: 'choices'; choices: ReadonlyArray<string | number | boolean> };

const inputGroup = z.record(z.string(), z.unknown());
const nodeInfoSchema = z.looseObject({
  input: z.looseObject({ required: inputGroup.optional(), optional: inputGroup.optional() }).optional(),
});

function scalars(values: readonly unknown[]): Array<string | number | boolean> {
  return values.filter(
    (value): value is string | number | boolean =>
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
  );
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function ruleOf(entry: unknown): InputRule | null {
  if (!Array.isArray(entry)) return null;
  const [type, options] = entry as unknown[];
  const settings = isJsonObject(options) ? options : {};
  if (Array.isArray(type)) return { kind: 'choices', choices: scalars(type) };
  if (type === 'COMBO' && Array.isArray(settings.options)) {
    return { kind: 'choices', choices: scalars(settings.options as unknown[]) };
  }
  if (type === 'INT' || type === 'FLOAT') {
    return { kind: type, min: numberOrNull(settings.min), max: numberOrNull(settings.max) };
  }
  if (type === 'STRING' || type === 'BOOLEAN') return { kind: type };
  return null;
}

/** The rule for `input` of `classType`; null when object_info does not know the class or cannot say. */
export function inputRule(objectInfo: unknown, classType: string, input: string): InputRule | null {
  if (!isJsonObject(objectInfo) || !Object.hasOwn(objectInfo, classType)) return null;
  const parsed = nodeInfoSchema.safeParse(objectInfo[classType]);
  if (!parsed.success) return null;
  const groups = parsed.data.input;
  for (const group of [groups?.required, groups?.optional]) {
    if (group !== undefined && Object.hasOwn(group, input)) return ruleOf(group[input]);
  }
  return null;
}
