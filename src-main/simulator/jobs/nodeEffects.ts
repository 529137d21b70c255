// What executing one node produces in the simulated worker: values passed along links (shapes
// only, no tensors) and, for the Save* nodes, real files (PNG, WAV, text, latent).
import type { MediaPort } from '../ports';
import type { OutputType } from './jobModel';
import type { GraphNode } from './workflowValidation';
import { asLink } from './workflowValidation';

interface ImageShape {
  width: number;
  height: number;
  batch: number;
  seed: number;
}

export type NodeValue =
  | { kind: 'latent'; shape: ImageShape }
  | { kind: 'image'; shape: ImageShape }
  | { kind: 'audio'; durationMs: number; frequencyHz: number }
  | { kind: 'text'; text: string }
  | { kind: 'opaque' };

export interface OutputFile {
  name: string;
  filePath: string;
  type: OutputType;
  contentType: string;
  bytes: Buffer;
}

export type NodeEffect =
  | { kind: 'done'; values: NodeValue[]; files: OutputFile[] }
  | { kind: 'failure'; exceptionType: string; message: string }
  | { kind: 'crash' };

export interface EffectContext {
  media: MediaPort;
  /** Values already produced, by node id then output slot. */
  values: ReadonlyMap<string, readonly NodeValue[]>;
  /** ComfyUI-style running file counter, so names look like `ComfyUI_00001_.png`. */
  nextFileNumber(): number;
  /** The job came with the account's own API key in extra_data, so partner nodes may bill it. */
  partnerKeyAccepted?: boolean;
}

/** What the local workflow server's partner nodes raise when no usable key came with the prompt. */
export const partnerUnauthorizedMessage = 'Unauthorized: Please login first to use this node.';

// Outputs are shrunk to keep generation fast; the simulator proves the plumbing, not the pixels.
const maxImageSide = 512;
const maxBatch = 8;
const opaque: NodeValue = { kind: 'opaque' };

function literal(node: GraphNode, field: string): unknown {
  return node.inputs[field];
}

function numberInput(node: GraphNode, field: string, fallback: number): number {
  const value = literal(node, field);
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function linked(node: GraphNode, field: string, ctx: EffectContext): NodeValue | undefined {
  const link = asLink(node.inputs[field]);
  return link ? ctx.values.get(link[0])?.[link[1]] : undefined;
}

function textInput(node: GraphNode, field: string, ctx: EffectContext): string {
  const fromLink = linked(node, field, ctx);
  if (fromLink) return fromLink.kind === 'text' ? fromLink.text : '';
  const value = literal(node, field);
  return typeof value === 'string' ? value : '';
}

function shapeOf(value: NodeValue | undefined): ImageShape {
  if (value && (value.kind === 'latent' || value.kind === 'image')) return value.shape;
  return { width: 512, height: 512, batch: 1, seed: 0 };
}

function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

/** The next numbered file under `prefix`, e.g. `audio/ComfyUI_00001_.wav`. */
function outputFile(
  prefix: string,
  ctx: EffectContext,
  extension: string,
  type: OutputType,
  contentType: string,
  bytes: Buffer,
): OutputFile {
  const cleaned = prefix.replace(/\\/g, '/').replace(/\.\.+/g, '.').replace(/^\/+/, '') || 'ComfyUI';
  const filePath = `${cleaned}_${String(ctx.nextFileNumber()).padStart(5, '0')}_.${extension}`;
  return { name: filePath.slice(filePath.lastIndexOf('/') + 1), filePath, type, contentType, bytes };
}

function scaled(shape: ImageShape): { width: number; height: number } {
  const factor = Math.min(1, maxImageSide / Math.max(shape.width, shape.height));
  return {
    width: Math.max(8, Math.round(shape.width * factor)),
    height: Math.max(8, Math.round(shape.height * factor)),
  };
}

/** A sampler's step count as the worker runs it: the literal input, else 20. */
export function samplerSteps(node: GraphNode): number {
  const steps = literal(node, 'steps');
  return typeof steps === 'number' ? steps : 20;
}

export function runNodeEffect(node: GraphNode, ctx: EffectContext): NodeEffect {
  const prefixInput = literal(node, 'filename_prefix');
  const prefix = typeof prefixInput === 'string' ? prefixInput : 'ComfyUI';
  switch (node.nodeClass.behaviour) {
    case 'checkpoint':
      return { kind: 'done', values: [opaque, opaque, opaque], files: [] };
    case 'text_encode':
      return { kind: 'done', values: [{ kind: 'text', text: textInput(node, 'text', ctx) }], files: [] };
    case 'empty_latent': {
      const shape = {
        width: numberInput(node, 'width', 512),
        height: numberInput(node, 'height', 512),
        batch: numberInput(node, 'batch_size', 1),
        seed: 0,
      };
      return { kind: 'done', values: [{ kind: 'latent', shape }], files: [] };
    }
    case 'sampler': {
      const shape = { ...shapeOf(linked(node, 'latent_image', ctx)), seed: numberInput(node, 'seed', 0) };
      return { kind: 'done', values: [{ kind: 'latent', shape }], files: [] };
    }
    case 'vae_decode':
      return {
        kind: 'done',
        values: [{ kind: 'image', shape: shapeOf(linked(node, 'samples', ctx)) }],
        files: [],
      };
    case 'load_image': {
      const seed = hashText(JSON.stringify(literal(node, 'image') ?? ''));
      return {
        kind: 'done',
        values: [{ kind: 'image', shape: { width: 256, height: 256, batch: 1, seed } }, opaque],
        files: [],
      };
    }
    case 'tone': {
      const audio: NodeValue = {
        kind: 'audio',
        durationMs: numberInput(node, 'duration_ms', 1000),
        frequencyHz: numberInput(node, 'frequency_hz', 440),
      };
      return { kind: 'done', values: [audio], files: [] };
    }
    case 'save_image': {
      const shape = shapeOf(linked(node, 'images', ctx));
      const { width, height } = scaled(shape);
      const files: OutputFile[] = [];
      for (let i = 0; i < Math.min(shape.batch, maxBatch); i++) {
        const bytes = ctx.media.makePng(width, height, shape.seed + i);
        files.push(outputFile(prefix, ctx, 'png', 'image', 'image/png', bytes));
      }
      return { kind: 'done', values: [], files };
    }
    case 'save_audio': {
      const audio = linked(node, 'audio', ctx);
      const tone = audio?.kind === 'audio' ? audio : { durationMs: 1000, frequencyHz: 440 };
      const bytes = ctx.media.makeWav(tone.durationMs, tone.frequencyHz);
      return {
        kind: 'done',
        values: [],
        files: [outputFile(prefix, ctx, 'wav', 'audio', 'audio/wav', bytes)],
      };
    }
    case 'save_video': {
      const bytes = ctx.media.makeWebm();
      return {
        kind: 'done',
        values: [],
        files: [outputFile(prefix, ctx, 'webm', 'video', 'video/webm', bytes)],
      };
    }
    case 'save_text': {
      const bytes = Buffer.from(textInput(node, 'text', ctx), 'utf8');
      const file = outputFile(prefix, ctx, 'txt', 'text', 'text/plain; charset=utf-8', bytes);
      return { kind: 'done', values: [], files: [file] };
    }
    case 'save_text_batch': {
      const text = textInput(node, 'text', ctx);
      const count = Math.max(1, Math.min(20_000, Math.trunc(numberInput(node, 'count', 100))));
      const files = Array.from({ length: count }, (_, i) =>
        outputFile(
          prefix,
          ctx,
          'txt',
          'text',
          'text/plain; charset=utf-8',
          Buffer.from(`${text} ${i + 1}\n`),
        ),
      );
      return { kind: 'done', values: [], files };
    }
    case 'save_latent': {
      const bytes = ctx.media.makeLatent(shapeOf(linked(node, 'samples', ctx)).seed);
      const file = outputFile(prefix, ctx, 'latent', 'latent', 'application/octet-stream', bytes);
      return { kind: 'done', values: [], files: [file] };
    }
    case 'fail':
      return {
        kind: 'failure',
        exceptionType: 'RuntimeError',
        message: textInput(node, 'message', ctx) || 'Simulated failure',
      };
    case 'crash_worker':
      return { kind: 'crash' };
    case 'partner_image': {
      if (ctx.partnerKeyAccepted !== true) {
        return { kind: 'failure', exceptionType: 'Exception', message: partnerUnauthorizedMessage };
      }
      const shape = {
        width: numberInput(node, 'width', 512),
        height: numberInput(node, 'height', 512),
        batch: 1,
        seed: numberInput(node, 'seed', 0) ^ hashText(textInput(node, 'prompt', ctx)),
      };
      return { kind: 'done', values: [{ kind: 'image', shape }], files: [] };
    }
  }
}
