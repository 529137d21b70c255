import { libraryTagSchema } from '../../../../src-shared/contract';

/** Comma-separated words as tags, or the reason one is not a tag (main checks them again: the contract's schema). */
export function parseTags(text: string): { tags: string[]; problem: string | null } {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const parsed = libraryTagSchema.safeParse(part);
    if (!parsed.success)
      return { tags, problem: `“${part.trim()}”: ${parsed.error.issues[0]?.message ?? 'not a tag'}` };
    tags.push(parsed.data);
  }
  return { tags, problem: null };
}
