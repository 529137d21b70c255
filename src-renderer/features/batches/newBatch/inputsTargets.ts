// Which inputs of the workflow uploaded files can be bound to, best guesses first. The planner takes any
// input that holds text or a core/ASSET reference (core/plan/inputsAxis.ts); the page only orders
// them, so the input a person means (a LoadImage node's image) is the one offered first.
import type { WorkflowNodeView } from './workflowReading';

export interface FileTarget {
  /** `NODE.INPUT`. */
  target: string;
  /** The node's class, and its title where the workflow gives one. */
  node: string;
  /** What the input holds now, as a short text: `"example.png"`, or `asset 0f3c9a1e`. */
  now: string;
  /** It looks like it takes a file: an asset reference, a media file name, or a Load… node's file input. */
  likely: boolean;
}

const MEDIA_NAME = /\.(png|jpe?g|webp|gif|avif|bmp|tiff?|exr|mp4|webm|mov|mkv|wav|mp3|flac|ogg|m4a)$/i;
const FILE_INPUT_NAMES = new Set(['image', 'images', 'video', 'audio', 'file', 'mask']);
const NOW_CHARS = 40;

/** An input whose value names a file: worth binding files to rather than sweeping. */
export function looksLikeFileInput(
  classType: string,
  name: string,
  value: string | number | boolean,
): boolean {
  if (typeof value !== 'string') return false;
  if (MEDIA_NAME.test(value.trim())) return true;
  return /^Load/i.test(classType) && FILE_INPUT_NAMES.has(name.toLowerCase());
}

function nodeName(node: WorkflowNodeView): string {
  return node.title !== null && node.title !== node.classType
    ? `${node.classType} “${node.title}”`
    : node.classType;
}

function shortText(text: string): string {
  return text.length > NOW_CHARS ? `${text.slice(0, NOW_CHARS - 1)}…` : text;
}

/** Every input files can be bound to: the likely ones first, each group in node order. */
export function fileTargets(nodes: readonly WorkflowNodeView[]): FileTarget[] {
  const likely: FileTarget[] = [];
  const others: FileTarget[] = [];
  for (const node of nodes) {
    const name = nodeName(node);
    for (const input of node.assetInputs) {
      likely.push({
        target: `${node.id}.${input.name}`,
        node: name,
        now: `asset ${input.assetId.slice(0, 8)}`,
        likely: true,
      });
    }
    for (const input of node.inputs) {
      if (typeof input.value !== 'string') continue;
      const isLikely = looksLikeFileInput(node.classType, input.name, input.value);
      (isLikely ? likely : others).push({
        target: `${node.id}.${input.name}`,
        node: name,
        now: JSON.stringify(shortText(input.value)),
        likely: isLikely,
      });
    }
  }
  return [...likely, ...others];
}

/**
 * The input a new axis binds to at first: the first likely one no other axis binds yet, else the first
 * likely one, else the first text input at all; null when the workflow has none.
 */
export function defaultFileTarget(targets: readonly FileTarget[], taken: ReadonlySet<string>): string | null {
  const likely = targets.filter((target) => target.likely);
  return (
    likely.find((target) => !taken.has(target.target))?.target ??
    likely[0]?.target ??
    targets[0]?.target ??
    null
  );
}
