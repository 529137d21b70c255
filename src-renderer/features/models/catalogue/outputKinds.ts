import type { ModelOutputKind } from '../../../../src-shared/contracts/models';

const KIND_WORDS: Record<ModelOutputKind, string> = {
  image: 'Images',
  video: 'Video',
  audio: 'Audio',
  text: 'Text',
  data: 'Data',
};

/** What a model makes, in a word; null when its schema does not say. */
export function outputKindLabel(kind: ModelOutputKind | null): string {
  return kind === null ? 'Not stated' : KIND_WORDS[kind];
}

/** The kinds the filter offers: the four that matter to a person looking at pictures all day, then data. */
export const FILTER_KINDS: readonly ModelOutputKind[] = ['image', 'video', 'audio', 'text', 'data'];
