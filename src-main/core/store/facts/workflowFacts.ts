// Pure: what a workflow says (used by the store's indexer, so it lives below core/library in the layers).
// What a job's workflow says about the pictures it made, read once when the job enters the library: the prompt
// texts, the sampler's settings, the models, the size, and every string input of every node (so a word in any
// node can be searched), for both shapes the service returns (`api`: the executed graph; `save`: the editor's
// document). Generic first: a text-encoding node is any node with a string input wired to a sampler's
// `positive`/`negative`, a sampler any node with seed/steps/cfg; known editor node types only fill in what the
// `save` shape does not name. A workflow is untrusted input: every count and length is bounded.

export interface StringInput {
  /** `6.text`: the node id and the input's name (in a `save` document, the widget's name or its index). */
  at: string;
  nodeClass: string;
  value: string;
}

export interface WorkflowFacts {
  /** Texts fed to a sampler's positive side (else every text-encoding node's), in node order. */
  prompts: string[];
  negatives: string[];
  seed: number | null;
  steps: number | null;
  cfg: number | null;
  sampler: string | null;
  scheduler: string | null;
  denoise: number | null;
  /** Checkpoint, UNet and other model file names. */
  models: string[];
  loras: string[];
  width: number | null;
  height: number | null;
  strings: StringInput[];
}

/** Bounds for untrusted workflows: the library keeps facts, not the workflow. */
const MAX_NODES = 5_000;
const MAX_STRINGS = 400;
const MAX_STRING_CHARS = 4_000;

type Node = { id: string; nodeClass: string; inputs: Record<string, unknown> };

const modelInputs = new Set(['ckpt_name', 'unet_name', 'model_name', 'checkpoint', 'clip_name', 'vae_name']);
const textEncoders = /textencode|prompt|conditioning/i;

export function emptyFacts(): WorkflowFacts {
  return {
    prompts: [],
    negatives: [],
    seed: null,
    steps: null,
    cfg: null,
    sampler: null,
    scheduler: null,
    denoise: null,
    models: [],
    loras: [],
    width: null,
    height: null,
    strings: [],
  };
}

/** Facts from a workflow of either shape; an unreadable one gives empty facts, never an error. */
export function workflowFacts(workflow: unknown, format: 'api' | 'save' | 'unknown' = 'api'): WorkflowFacts {
  const nodes = format === 'save' || isSaveDocument(workflow) ? saveNodes(workflow) : apiNodes(workflow);
  return factsOf(nodes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSaveDocument(workflow: unknown): boolean {
  return isRecord(workflow) && Array.isArray(workflow.nodes);
}

/** API format: `{ "3": { class_type, inputs } }`. */
function apiNodes(workflow: unknown): Node[] {
  if (!isRecord(workflow)) return [];
  const nodes: Node[] = [];
  for (const [id, node] of Object.entries(workflow)) {
    if (nodes.length >= MAX_NODES) break;
    if (!isRecord(node) || typeof node.class_type !== 'string') continue;
    nodes.push({ id, nodeClass: node.class_type, inputs: isRecord(node.inputs) ? node.inputs : {} });
  }
  return nodes.sort((a, b) => compareIds(a.id, b.id));
}

function compareIds(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.localeCompare(b);
}

/** Widget order of the editor's common nodes, where a `save` document gives values without names. */
const widgetNames: Readonly<Record<string, readonly string[]>> = {
  CLIPTextEncode: ['text'],
  KSampler: ['seed', 'control_after_generate', 'steps', 'cfg', 'sampler_name', 'scheduler', 'denoise'],
  KSamplerAdvanced: [
    'add_noise',
    'noise_seed',
    'control_after_generate',
    'steps',
    'cfg',
    'sampler_name',
    'scheduler',
    'start_at_step',
    'end_at_step',
    'return_with_leftover_noise',
  ],
  CheckpointLoaderSimple: ['ckpt_name'],
  UNETLoader: ['unet_name', 'weight_dtype'],
  LoraLoader: ['lora_name', 'strength_model', 'strength_clip'],
  LoraLoaderModelOnly: ['lora_name', 'strength_model'],
  EmptyLatentImage: ['width', 'height', 'batch_size'],
  EmptySD3LatentImage: ['width', 'height', 'batch_size'],
  SaveImage: ['filename_prefix'],
};

/**
 * The editor's document: `nodes[]` with `type` and `widgets_values`, and `links[]` as
 * `[id, fromNode, fromSlot, toNode, toSlot, type]`. Linked inputs become `[fromNode, fromSlot]` as in the API
 * shape, so the same reading serves both.
 */
function saveNodes(workflow: unknown): Node[] {
  if (!isRecord(workflow) || !Array.isArray(workflow.nodes)) return [];
  const links = new Map<number, [string, number]>();
  if (Array.isArray(workflow.links)) {
    for (const link of workflow.links.slice(0, MAX_NODES * 4)) {
      if (Array.isArray(link) && typeof link[0] === 'number' && link[1] !== undefined) {
        links.set(link[0], [String(link[1]), Number(link[2] ?? 0)]);
      }
    }
  }
  const nodes: Node[] = [];
  for (const raw of workflow.nodes.slice(0, MAX_NODES)) {
    if (!isRecord(raw) || typeof raw.type !== 'string') continue;
    const inputs: Record<string, unknown> = {};
    const values = Array.isArray(raw.widgets_values) ? raw.widgets_values : [];
    const named = widgetNames[raw.type];
    const widgetSlots = Array.isArray(raw.inputs)
      ? raw.inputs.filter(isRecord).flatMap((input) => {
          const widget =
            isRecord(input.widget) && typeof input.widget.name === 'string' ? input.widget.name : null;
          return widget === null ? [] : [widget];
        })
      : [];
    values.forEach((value, index) => {
      const name = named?.[index] ?? widgetSlots[index] ?? `widget${index}`;
      inputs[name] = value;
    });
    if (Array.isArray(raw.inputs)) {
      for (const input of raw.inputs.filter(isRecord)) {
        if (typeof input.name !== 'string' || typeof input.link !== 'number') continue;
        const from = links.get(input.link);
        if (from !== undefined) inputs[input.name] = from;
      }
    }
    nodes.push({ id: String(raw.id), nodeClass: raw.type, inputs });
  }
  return nodes.sort((a, b) => compareIds(a.id, b.id));
}

function linkedNodeId(value: unknown): string | null {
  return Array.isArray(value) &&
    value.length === 2 &&
    (typeof value[0] === 'string' || typeof value[0] === 'number')
    ? String(value[0])
    : null;
}

function factsOf(nodes: readonly Node[]): WorkflowFacts {
  const facts = emptyFacts();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  /** A value, or the single value of a primitive node it is wired to (a seed node, a shared prompt). */
  const resolve = (value: unknown, depth = 0): unknown => {
    const from = linkedNodeId(value);
    if (from === null || depth > 3) return value;
    const source = byId.get(from);
    if (source === undefined) return null;
    const own = Object.values(source.inputs).filter((input) => linkedNodeId(input) === null);
    if (own.length === 1) return own[0];
    const text = source.inputs.text ?? source.inputs.value ?? source.inputs.string;
    return text === undefined ? null : resolve(text, depth + 1);
  };
  const textOf = (nodeId: string | null, depth = 0): string[] => {
    if (nodeId === null || depth > 4) return [];
    const node = byId.get(nodeId);
    if (node === undefined) return [];
    const own = Object.entries(node.inputs)
      .map(([, value]) => resolve(value))
      .filter(
        (value): value is string => typeof value === 'string' && value.trim() !== '' && !looksLikeFile(value),
      );
    if (own.length > 0 && textEncoders.test(node.nodeClass)) return own.slice(0, 4);
    // A conditioning node in between (combine, set area): follow its conditioning inputs.
    return Object.values(node.inputs).flatMap((value) => textOf(linkedNodeId(value), depth + 1));
  };
  const positive: string[] = [];
  const negative: string[] = [];
  for (const node of nodes) {
    collectStrings(node, facts.strings);
    const input = (name: string): unknown => resolve(node.inputs[name]);
    const isSampler = ('seed' in node.inputs || 'noise_seed' in node.inputs) && 'steps' in node.inputs;
    if (isSampler && facts.seed === null) {
      facts.seed = numberOf(input('seed') ?? input('noise_seed'));
      facts.steps = numberOf(input('steps'));
      facts.cfg = numberOf(input('cfg'));
      facts.sampler = stringOf(input('sampler_name'));
      facts.scheduler = stringOf(input('scheduler'));
      facts.denoise = numberOf(input('denoise'));
    }
    if (isSampler || 'positive' in node.inputs) {
      positive.push(...textOf(linkedNodeId(node.inputs.positive)));
      negative.push(...textOf(linkedNodeId(node.inputs.negative)));
    }
    for (const [name, value] of Object.entries(node.inputs)) {
      const resolved = resolve(value);
      if (typeof resolved !== 'string' || resolved === '') continue;
      if (modelInputs.has(name)) pushOnce(facts.models, resolved);
      if (name === 'lora_name' || /^lora_\d+$/.test(name)) pushOnce(facts.loras, resolved);
    }
    if (facts.width === null && /latent/i.test(node.nodeClass)) {
      facts.width = numberOf(input('width'));
      facts.height = numberOf(input('height'));
    }
  }
  facts.prompts = unique(positive.length > 0 ? positive : encoderTexts(nodes, resolve));
  facts.negatives = unique(negative).filter((text) => !facts.prompts.includes(text));
  return facts;
}

/** Without a sampler to tell the sides apart, every text-encoding node's text is a prompt. */
function encoderTexts(nodes: readonly Node[], resolve: (value: unknown) => unknown): string[] {
  return nodes
    .filter((node) => textEncoders.test(node.nodeClass))
    .flatMap((node) =>
      Object.values(node.inputs)
        .map((value) => resolve(value))
        .filter((value): value is string => typeof value === 'string' && value.trim() !== ''),
    );
}

/** Every string a node holds itself (a wired input is indexed where its value lives). */
function collectStrings(node: Node, into: StringInput[]): void {
  for (const [name, value] of Object.entries(node.inputs)) {
    if (into.length >= MAX_STRINGS) return;
    if (typeof value !== 'string' || value.trim() === '') continue;
    into.push({
      at: `${node.id}.${name}`,
      nodeClass: node.nodeClass,
      value: value.slice(0, MAX_STRING_CHARS),
    });
  }
}

function looksLikeFile(value: string): boolean {
  return /\.(safetensors|ckpt|pt|pth|bin|gguf|png|jpe?g|webp)$/i.test(value.trim());
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, 200) : null;
}

function pushOnce(list: string[], value: string): void {
  if (!list.includes(value) && list.length < 20) list.push(value.slice(0, 300));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.slice(0, MAX_STRING_CHARS)))].slice(0, 8);
}

/** A job's name from what it made: the first words of its first prompt (else null). */
export function titleOf(facts: WorkflowFacts, maxChars = 60): string | null {
  const prompt = facts.prompts[0]?.replace(/\s+/g, ' ').trim();
  if (prompt === undefined || prompt === '') return null;
  if (prompt.length <= maxChars) return prompt;
  const cut = prompt.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
