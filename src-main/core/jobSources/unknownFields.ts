// What Loupe keeps of the fields it does not know. The tolerant reader lets unknown fields through
// (ARCHITECTURE rule 5), and a job as read is held by the watcher and stored as its snapshot: one job body of
// 50 MB grew the store by 52 MB (issue 19). A job keeps its unknown fields only up to a byte budget, in the
// order the service sent them, so a newer service's few extra fields survive and a flood of them does not.
// The order is fixed, so the same body always keeps the same fields (no store write from a flapping trim).
import {
  JobErrorSchema,
  JobSchema,
  JobUrlsSchema,
  OutputSchema,
  ProgressSchema,
  type Job,
  type Output,
  type Progress,
} from '../api';

/** Unknown fields one job keeps at most, counted as their JSON text (keys included). */
export const UNKNOWN_FIELDS_BUDGET_BYTES = 64 * 1024;

const jobKeys = new Set(Object.keys(JobSchema.shape));
const outputKeys = new Set(Object.keys(OutputSchema.shape));
const progressKeys = new Set(Object.keys(ProgressSchema.shape));
const errorKeys = new Set(Object.keys(JobErrorSchema.shape));
const urlKeys = new Set(Object.keys(JobUrlsSchema.shape));
/** The metrics the documents name; any other metric is the service's extra, kept within the budget. */
const metricKeys = new Set(['queue_ms', 'execution_ms']);

/** Spends one budget over every part of a job, in order. */
class UnknownFieldMeter {
  constructor(private remaining: number) {}

  /** `value` without the unknown fields the budget cannot pay for; the same object when nothing is dropped. */
  keep<T extends object>(value: T, known: ReadonlySet<string>): T {
    // Almost always every field is known: that is checked without building anything.
    let allKnown = true;
    for (const key in value) {
      if (!known.has(key)) {
        allKnown = false;
        break;
      }
    }
    if (allKnown) return value;
    let kept: Record<string, unknown> | null = null;
    const entries = Object.entries(value);
    for (const [index, [key, field]] of entries.entries()) {
      if (known.has(key)) {
        if (kept !== null) kept[key] = field;
        continue;
      }
      const cost = key.length + 3 + jsonSizeWithin(field, this.remaining);
      if (cost <= this.remaining) {
        this.remaining -= cost;
        if (kept !== null) kept[key] = field;
        continue;
      }
      // Once one field does not fit, none after it is weighed: the budget is spent.
      this.remaining = 0;
      kept ??= Object.fromEntries(entries.slice(0, index));
    }
    return kept === null ? value : (kept as T);
  }
}

/**
 * One job's budget, spent part by part in the order of the job: its own fields, then each output as it is read
 * (a job of thousands of outputs is read a slice at a time, jobInParts.ts).
 */
export class UnknownFieldBudget {
  private readonly meter: UnknownFieldMeter;

  constructor(budgetBytes = UNKNOWN_FIELDS_BUDGET_BYTES) {
    this.meter = new UnknownFieldMeter(budgetBytes);
  }

  /** The job's own fields, progress, error, links and metrics (its outputs are passed on as they are). */
  head(job: Job): Job {
    const { meter } = this;
    const top = meter.keep(job, jobKeys);
    const progress = top.progress === null ? null : meter.keep(top.progress, progressKeys);
    const error = top.error === null ? null : meter.keep(top.error, errorKeys);
    const urls = meter.keep(top.urls, urlKeys);
    const metrics = meter.keep(top.metrics, metricKeys);
    const same =
      top === job &&
      progress === job.progress &&
      error === job.error &&
      urls === job.urls &&
      metrics === job.metrics;
    return same ? job : { ...top, progress, error, urls, metrics };
  }

  output(output: Output): Output {
    return this.meter.keep(output, outputKeys);
  }
}

/**
 * The job as read, with unknown fields (at the top, in its progress, error, links, metrics and each output)
 * kept only while they fit in `budgetBytes` together.
 */
export function boundUnknownFields(job: Job, budgetBytes = UNKNOWN_FIELDS_BUDGET_BYTES): Job {
  const budget = new UnknownFieldBudget(budgetBytes);
  const head = budget.head(job);
  const outputs = head.outputs.map((output) => budget.output(output));
  const outputsChanged = outputs.some((output, index) => output !== head.outputs[index]);
  if (!outputsChanged) return head;
  return { ...head, outputs };
}

/** A stream event's output or progress carries only what Loupe knows: the poll brings the service's full record. */
export function knownOutputFields(output: Output): Output {
  return new UnknownFieldMeter(0).keep(output, outputKeys);
}

export function knownProgressFields(progress: Progress): Progress {
  return new UnknownFieldMeter(0).keep(progress, progressKeys);
}

/**
 * The length of `value` as JSON, or more than `cap` as soon as it is known to exceed it: the walk stops there,
 * so weighing a huge field costs no more than the budget left. Iterative, so no depth can overflow it.
 */
export function jsonSizeWithin(value: unknown, cap: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= cap) {
    const current = stack.pop();
    if (typeof current === 'string') size += current.length + 2;
    else if (typeof current === 'number' || typeof current === 'boolean') size += String(current).length;
    else if (current === null || current === undefined) size += 4;
    else if (Array.isArray(current)) {
      size += 2 + Math.max(0, current.length - 1);
      for (let i = 0; i < current.length && size <= cap; i++) stack.push(current[i]);
    } else if (typeof current === 'object') {
      size += 1;
      for (const key in current) {
        if (size > cap) break;
        size += key.length + 4;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return size;
}
