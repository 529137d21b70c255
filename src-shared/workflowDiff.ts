// What differs between the API workflows of two to four jobs: only the inputs whose values differ
// (`3.seed 41 → 42`), a link (a node reference `["4", 0]`) compared as the reference it is and never followed,
// and the nodes some of them have and others lack. Pure, and bounded: a hostile workflow (a million nodes, a
// value nested a thousand deep, a prompt of megabytes) costs a fixed amount of work and says it was cut short.
import { isRecord } from './workflowDocument';

/** Nodes read from each workflow at most; inputs per node at most. */
export const DIFF_MAX_NODES = 5_000;
export const DIFF_MAX_INPUTS_PER_NODE = 200;
/** Differences listed at most (the rest are counted in `truncated`). */
export const DIFF_MAX_DIFFERENCES = 500;
/** Steps one value comparison may take before the values are called different ("too large to compare"). */
const COMPARE_BUDGET = 20_000;
const MAX_COMPARE_DEPTH = 100;
/** A shown value's length at most; a long text is cut around where the values differ. */
export const DIFF_SHOWN_LENGTH = 60;
const CONTEXT = 14;

export type DiffValue =
  { kind: 'value'; text: string } | { kind: 'link'; node: string; output: number } | { kind: 'absent' };

export interface InputDifference {
  /** `NODE.INPUT`, as sweeps name it. */
  target: string;
  classType: string | null;
  /** One per workflow, in the order given. */
  values: DiffValue[];
  /** `3.seed 41 → 42`, or `3.seed 41 → 42 → 43` for more workflows. */
  line: string;
}

export interface NodePresence {
  nodeId: string;
  classType: string;
  /** One per workflow: whether it has this node. */
  presentIn: boolean[];
}

export interface WorkflowDifference {
  inputs: InputDifference[];
  /** Nodes not in every workflow. */
  nodes: NodePresence[];
  /** Differences not listed (over DIFF_MAX_DIFFERENCES) plus nodes or inputs not read (over the caps). */
  truncated: number;
}

const ABSENT = Symbol('absent');

interface Link {
  node: string;
  output: number;
}

function linkOf(value: unknown): Link | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [node, output] = value as unknown[];
  if (typeof node !== 'string' || typeof output !== 'number' || !Number.isInteger(output)) return null;
  return { node, output };
}

/** Deep equality with a step budget; over budget counts as different (never a false "same"). */
function sameValue(a: unknown, b: unknown, budget: { left: number }, depth = 0): boolean {
  budget.left -= 1;
  if (budget.left < 0 || depth > MAX_COMPARE_DEPTH) return false;
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index], budget, depth + 1));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every(
    (key) => Object.hasOwn(right, key) && sameValue(left[key], right[key], budget, depth + 1),
  );
}

/** JSON text of a value, stopped once it passes `limit` characters (a huge value is never serialised whole). */
function boundedJson(value: unknown, limit: number): string {
  let out = '';
  const walk = (item: unknown, depth: number): void => {
    if (out.length > limit) return;
    if (depth > 20) {
      out += '…';
      return;
    }
    if (Array.isArray(item)) {
      out += '[';
      item.forEach((entry, index) => {
        if (out.length > limit) return;
        if (index > 0) out += ',';
        walk(entry, depth + 1);
      });
      out += ']';
    } else if (isRecord(item)) {
      out += '{';
      Object.keys(item).forEach((key, index) => {
        if (out.length > limit) return;
        if (index > 0) out += ',';
        out += `${JSON.stringify(key.slice(0, limit))}:`;
        walk(item[key], depth + 1);
      });
      out += '}';
    } else {
      // JSON.stringify answers undefined for undefined, a function or a symbol, whatever its types say.
      const text = JSON.stringify(item) as string | undefined;
      out += (text ?? 'null').slice(0, limit + 1);
    }
  };
  walk(value, 0);
  return out;
}

/** Shared start and end of several strings, so each can be shown around where they differ. */
function commonEnds(texts: readonly string[]): { prefix: number; suffix: number } {
  const shortest = Math.min(...texts.map((text) => text.length));
  let prefix = 0;
  while (prefix < shortest && texts.every((text) => text[prefix] === texts[0]?.[prefix])) prefix++;
  let suffix = 0;
  const at = (text: string, back: number) => text[text.length - 1 - back];
  while (suffix < shortest - prefix && texts.every((text) => at(text, suffix) === at(texts[0] ?? '', suffix)))
    suffix++;
  return { prefix, suffix };
}

function shorten(text: string, prefix: number, suffix: number): string {
  if (text.length <= DIFF_SHOWN_LENGTH) return text;
  const start = Math.max(0, prefix - CONTEXT);
  const end = Math.min(text.length, Math.max(start + DIFF_SHOWN_LENGTH - 2, text.length - suffix + CONTEXT));
  let middle = text.slice(start, end);
  if (middle.length > DIFF_SHOWN_LENGTH) middle = middle.slice(0, DIFF_SHOWN_LENGTH - 2);
  return `${start > 0 ? '…' : ''}${middle}${end < text.length ? '…' : ''}`;
}

/** The values as shown: strings quoted and cut around where they differ, links as references. */
function shownValues(raw: readonly unknown[]): DiffValue[] {
  const strings = raw.filter((value): value is string => typeof value === 'string');
  const ends = strings.length === raw.length ? commonEnds(strings) : { prefix: 0, suffix: 0 };
  return raw.map((value): DiffValue => {
    if (value === ABSENT) return { kind: 'absent' };
    const link = linkOf(value);
    if (link !== null) return { kind: 'link', ...link };
    if (typeof value === 'string') {
      const quoted = JSON.stringify(shorten(value, ends.prefix, ends.suffix));
      return { kind: 'value', text: quoted };
    }
    const json = boundedJson(value, DIFF_SHOWN_LENGTH);
    return {
      kind: 'value',
      text: json.length > DIFF_SHOWN_LENGTH ? `${json.slice(0, DIFF_SHOWN_LENGTH - 1)}…` : json,
    };
  });
}

export function diffValueText(value: DiffValue): string {
  if (value.kind === 'absent') return '(none)';
  if (value.kind === 'link') return `link ${value.node}:${value.output}`;
  return value.text;
}

function nodesOf(
  workflow: Record<string, unknown>,
  cut: { count: number },
): Map<string, Record<string, unknown>> {
  const nodes = new Map<string, Record<string, unknown>>();
  for (const id of Object.keys(workflow)) {
    const node = workflow[id];
    if (!isRecord(node)) continue;
    if (nodes.size >= DIFF_MAX_NODES) {
      cut.count++;
      continue;
    }
    nodes.set(id, node);
  }
  return nodes;
}

function classOf(node: Record<string, unknown> | undefined): string | null {
  return node !== undefined && typeof node.class_type === 'string' ? node.class_type : null;
}

function inputsOf(node: Record<string, unknown> | undefined): Record<string, unknown> {
  return node !== undefined && isRecord(node.inputs) ? node.inputs : {};
}

/** Numeric node ids in number order (`2` before `10`), others after them by text. */
function byNodeId(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  if (Number.isFinite(na)) return -1;
  if (Number.isFinite(nb)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares API workflows (two to four, though any number works); see the file's head. */
export function diffWorkflows(workflows: readonly Record<string, unknown>[]): WorkflowDifference {
  const cut = { count: 0 };
  const graphs = workflows.map((workflow) => nodesOf(workflow, cut));
  const ids = new Set<string>();
  for (const graph of graphs) for (const id of graph.keys()) ids.add(id);
  const inputs: InputDifference[] = [];
  const nodes: NodePresence[] = [];
  let truncated = cut.count;
  const add = (difference: InputDifference) => {
    if (inputs.length >= DIFF_MAX_DIFFERENCES) truncated++;
    else inputs.push(difference);
  };
  for (const id of [...ids].sort(byNodeId)) {
    const found = graphs.map((graph) => graph.get(id));
    const classes = found.map(classOf);
    const classType = classes.find((name) => name !== null) ?? null;
    if (found.some((node) => node === undefined)) {
      if (nodes.length >= DIFF_MAX_DIFFERENCES) truncated++;
      else
        nodes.push({ nodeId: id, classType: classType ?? '', presentIn: found.map((n) => n !== undefined) });
      continue;
    }
    if (classes.some((name) => name !== classes[0])) {
      const values = shownValues(classes.map((name) => name ?? ABSENT));
      add({ target: `${id}.class_type`, classType, values, line: lineOf(`${id}.class_type`, values) });
    }
    const names = new Set<string>();
    for (const node of found) {
      const keys = Object.keys(inputsOf(node));
      for (const key of keys.slice(0, DIFF_MAX_INPUTS_PER_NODE)) names.add(key);
      truncated += Math.max(0, keys.length - DIFF_MAX_INPUTS_PER_NODE);
    }
    for (const name of [...names].sort()) {
      const raw = found.map((node) => {
        const own = inputsOf(node);
        return Object.hasOwn(own, name) ? own[name] : ABSENT;
      });
      const first = raw[0];
      const budget = { left: COMPARE_BUDGET };
      const same = raw.every((value) =>
        value === ABSENT || first === ABSENT ? value === first : sameValue(first, value, budget),
      );
      if (same) continue;
      const target = `${id}.${name}`;
      const values = shownValues(raw);
      add({ target, classType, values, line: lineOf(target, values) });
    }
  }
  return { inputs, nodes, truncated };
}

function lineOf(target: string, values: readonly DiffValue[]): string {
  return `${target} ${values.map(diffValueText).join(' → ')}`;
}
