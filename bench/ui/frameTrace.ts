// Frame times from a Chromium performance trace of a scroll: for each frame (from one animation frame to the
// next), how long the renderer's main thread was busy producing it (its tasks' wall time) and how much CPU
// that took (their thread time). At 60 Hz the rAF gaps themselves read 16.7 ms whenever a frame is on
// time, so the work per frame is the frame time that can be held to a budget; a gap of two vsyncs or more
// is a dropped frame, counted apart. On a shared machine the wall time also holds moments other processes
// took the core; the thread time does not.
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { scrollSweep, sweepFrames } from './pageMeasure';
import type { RawPage } from './rawPage';
import { percentile } from './stats';

const traceEventSchema = z.looseObject({
  name: z.string(),
  ph: z.string(),
  ts: z.number(),
  pid: z.number(),
  tid: z.number(),
  dur: z.number().optional(),
  tdur: z.number().optional(),
});
type TraceEvent = z.output<typeof traceEventSchema>;

/** Where a sweep is traced: a Playwright page, or a page over a bare DevTools connection (rawPage.ts). */
export interface SweepTarget {
  /** Starts a trace; the returned function ends it once every event has been delivered to `onEvents`. */
  startTrace(onEvents: (events: unknown[]) => void): Promise<() => Promise<void>>;
  sweep(selector: string, axis: 'x' | 'y', frames: number, step?: number): Promise<number[]>;
}

const TRACE_CATEGORIES = 'devtools.timeline,toplevel';
const collectedSchema = z.object({ value: z.array(z.unknown()) });

export function playwrightTarget(page: Page): SweepTarget {
  return {
    startTrace: async (onEvents) => {
      const cdp = await page.context().newCDPSession(page);
      cdp.on('Tracing.dataCollected', (data) => onEvents(collectedSchema.parse(data).value));
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
      return async () => {
        await cdp.send('Tracing.end');
        await complete;
        await cdp.detach();
      };
    },
    sweep: (selector, axis, frames, step) => sweepFrames(page, selector, axis, frames, step),
  };
}

export function rawTarget(page: RawPage): SweepTarget {
  return {
    startTrace: async (onEvents) => {
      const collect = (data: unknown): void => onEvents(collectedSchema.parse(data).value);
      page.on('Tracing.dataCollected', collect);
      const complete = new Promise<void>((resolve) => {
        const done = (): void => {
          page.off('Tracing.tracingComplete', done);
          resolve();
        };
        page.on('Tracing.tracingComplete', done);
      });
      await page.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
      return async () => {
        await page.send('Tracing.end');
        await complete;
        page.off('Tracing.dataCollected', collect);
      };
    },
    sweep: async (selector, axis, frames, step) =>
      z.array(z.number()).parse(
        await page.evaluate(scrollSweep, {
          selector,
          axis,
          frames,
          ...(step === undefined ? {} : { step }),
        }),
      ),
  };
}

async function traced<T>(
  target: SweepTarget,
  run: () => Promise<T>,
): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const stop = await target.startTrace((raw) => {
    for (const one of raw) {
      const parsed = traceEventSchema.safeParse(one);
      if (parsed.success) events.push(parsed.data);
    }
  });
  try {
    const result = await run();
    return { result, events };
  } finally {
    await stop();
  }
}

/**
 * The trace events of the browser's own rendering work: style, layout, paint and the hand-over to the
 * compositor. They do not nest in each other (a layout forced by a script sits inside the script's call,
 * and is counted here, not there), so their sum per frame is its rendering, and the rest of its busy
 * time is script (React, the page's handlers) and the tasks around it.
 */
const RENDERING_EVENTS: ReadonlySet<string> = new Set([
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
]);

export interface SweepFrames {
  /** Main-thread busy time per frame (ms), wall and CPU. */
  busy: number[];
  cpu: number[];
  /** Of each frame's busy time, the part spent in style, layout and paint (ms, wall). */
  rendering: number[];
  /** Gaps between animation frames (ms): 16.7 on time, 33.3 one dropped. */
  gaps: number[];
}

/** Tasks not run inside another one (a nested run loop reports both). */
function topLevel(tasks: TraceEvent[]): TraceEvent[] {
  const sorted = [...tasks].sort((a, b) => a.ts - b.ts);
  const outer: TraceEvent[] = [];
  let end = -Infinity;
  for (const task of sorted) {
    if (task.ts < end) continue;
    outer.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  return outer;
}

/** A sweep (pageMeasure.sweepFrames) under a trace. */
export async function tracedSweep(
  target: SweepTarget,
  selector: string,
  axis: 'x' | 'y',
  frames: number,
  step?: number,
): Promise<SweepFrames> {
  const { result: gaps, events } = await traced(target, () => target.sweep(selector, axis, frames, step));
  const animation = events.filter((event) => event.name === 'FireAnimationFrame' && event.ph === 'X');
  const main = animation[0];
  if (main === undefined) return { busy: [], cpu: [], rendering: [], gaps };
  const onMain = (event: TraceEvent): boolean => event.pid === main.pid && event.tid === main.tid;
  const tasks = topLevel(
    events.filter(
      (event) => event.name === 'ThreadControllerImpl::RunTask' && event.ph === 'X' && onMain(event),
    ),
  );
  // A frame runs from the task that fired its animation frame (input, scroll events, rAF, style, layout,
  // paint) to the task that fires the next one.
  const starts = animation
    .filter(onMain)
    .map((frame) => tasks.find((task) => task.ts <= frame.ts && frame.ts <= task.ts + (task.dur ?? 0))?.ts)
    .filter((start): start is number => start !== undefined)
    .sort((a, b) => a - b);
  const renderingEvents = events.filter(
    (event) => event.ph === 'X' && RENDERING_EVENTS.has(event.name) && onMain(event),
  );
  const busy: number[] = [];
  const cpu: number[] = [];
  const rendering: number[] = [];
  for (let index = 1; index < starts.length; index++) {
    const from = starts[index - 1] ?? 0;
    const to = starts[index] ?? 0;
    let wall = 0;
    let thread = 0;
    for (const task of tasks) {
      if (task.ts < from || task.ts >= to) continue;
      wall += (task.dur ?? 0) / 1000;
      thread += (task.tdur ?? task.dur ?? 0) / 1000;
    }
    let drawing = 0;
    for (const event of renderingEvents) {
      if (event.ts >= from && event.ts < to) drawing += (event.dur ?? 0) / 1000;
    }
    busy.push(wall);
    cpu.push(thread);
    rendering.push(drawing);
  }
  return { busy, cpu, rendering, gaps };
}

/** Of the frames at or past the 95th percentile of busy time, the median part spent rendering (ms). */
function slowFramesRendering(run: SweepFrames): number {
  const cut = percentile(run.busy, 95);
  const slow = run.busy.flatMap((ms, index) => (ms >= cut ? [run.rendering[index] ?? 0] : []));
  return percentile(slow, 50);
}

export interface SweepFigures {
  /** p95 of main-thread busy time per frame, of the best of the sweeps (others only ever slow one down). */
  busyP95: number;
  cpuP95: number;
  /**
   * In that best sweep's slowest frames (its top 5 % by busy time), the median time spent on style, layout
   * and paint; the rest of those frames is script and the tasks around it.
   */
  slowRendering: number;
  /** Frames that missed their vsync (a gap over 1.5 frames), over all sweeps, and how many frames in all. */
  dropped: number;
  frames: number;
  sweeps: number;
}

/** Frames that missed their vsync: a gap between animation frames over 1.5 frames at 60 Hz. */
export function droppedFrames(gaps: readonly number[]): number {
  return gaps.filter((gap) => gap > 1.5 * (1000 / 60)).length;
}

export async function measureSweeps(
  page: Page | SweepTarget,
  selector: string,
  axis: 'x' | 'y',
  frames: number,
  sweeps = 3,
  step?: number,
): Promise<SweepFigures> {
  const target = 'startTrace' in page ? page : playwrightTarget(page);
  const runs: SweepFrames[] = [];
  for (let run = 0; run < sweeps; run++) runs.push(await tracedSweep(target, selector, axis, frames, step));
  const gaps = runs.flatMap((run) => run.gaps);
  const best = runs.reduce((a, b) => (percentile(b.busy, 95) < percentile(a.busy, 95) ? b : a));
  return {
    busyP95: percentile(best.busy, 95),
    slowRendering: slowFramesRendering(best),
    cpuP95: Math.min(...runs.map((run) => percentile(run.cpu, 95))),
    dropped: droppedFrames(gaps),
    frames: gaps.length,
    sweeps,
  };
}
