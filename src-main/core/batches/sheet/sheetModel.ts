// A batch's contact sheet as data, for the image and the HTML page Loupe shares: the axes the window's sheet
// shows (src-shared/sheetAxisGroups: a zipped pair or a table row is one axis), x across, y down, and every
// further axis a page, as on screen. Values are the items' JSON text, the parts joined by " · " on an axis that
// sets several inputs (untrusted: the writers escape or draw it as text). An axis is named by its own name or
// by any input it sets. A cell is the first item standing there; a failed one is marked, one with no picture
// left blank.
import { axisGroups, type AxisGroup } from '../../../../src-shared/sheetAxisGroups';
import { DomainError } from '../../errors';
import { axesOfPlan } from '../../outbox';
import type { LoupeStore } from '../../store';
import { outputsOfJob, storedOutputsOf } from '../batchJobs';

/** Cells one sheet holds at most (every page together). */
export const MAX_SHEET_CELLS = 10_000;

export interface SheetCell {
  item: number;
  status: string;
  failed: boolean;
  /** The item's first image output, when it has one. */
  image: { assetId: string; name: string } | null;
}

export interface SheetPageModel {
  /** The further axes' values that make this page ("3.cfg = 7"), empty with two axes or fewer. */
  title: string;
  /** rows[y][x]; null where no item stands. */
  rows: (SheetCell | null)[][];
}

export interface SheetAxisModel {
  target: string;
  values: string[];
  /** The inputs (`NODE.INPUT`) the axis sets. */
  inputs: readonly string[];
}

/** An item's value key on one axis, or null when it sets none of the axis's inputs. */
function keyOn(group: AxisGroup, own: ReadonlyMap<string, unknown>): string | null {
  const parts = group.targets.map((target) => own.get(target));
  if (parts.every((part) => part === undefined)) return null;
  return parts.map((part) => (part === undefined ? '—' : JSON.stringify(part))).join(' · ');
}

export interface SheetModel {
  batchName: string;
  x: SheetAxisModel | null;
  y: SheetAxisModel | null;
  pages: SheetPageModel[];
  /** Every axis, so a page can offer another pair (the HTML page switches among them). */
  axes: SheetAxisModel[];
  /** Each item's value key on each axis, by axis target. */
  items: { cell: SheetCell; values: Record<string, string> }[];
}

const isImage = (name: string, contentType: string | null): boolean =>
  contentType?.startsWith('image/') === true || /\.(png|jpe?g|webp|gif|avif|bmp)$/i.test(name);

const FAILED = new Set(['failed', 'canceled', 'cancelled', 'expired', 'refused']);

/** The sheet of `batchId` for `profileId` with `xTarget` across and `yTarget` down (defaults: first two axes). */
export function buildSheetModel(
  store: LoupeStore,
  profileId: string,
  batchId: string,
  xTarget: string | null,
  yTarget: string | null,
): SheetModel {
  const batch = store.batches.get(batchId);
  if (batch?.profileId !== profileId) {
    throw new DomainError('batch_not_found', 'There is no batch with this id for this profile.');
  }
  const rows = store.batchItems.listForBatch(batchId).rows;
  if (rows.length > MAX_SHEET_CELLS) {
    throw new DomainError('sheet_too_large', `A sheet holds at most ${MAX_SHEET_CELLS} items.`);
  }
  const stored = storedOutputsOf(store, profileId);
  const { axes: planAxes, zip } = axesOfPlan(batch.plan);
  const groups = axisGroups(
    rows.map((row) => ({ values: row.values ?? [] })),
    planAxes,
    zip,
  );
  const planned: SheetAxisModel[] = groups.map((group) => ({
    target: group.name,
    values: [],
    inputs: group.targets,
  }));
  const items = rows.map((row) => {
    const job = row.jobId === null ? null : store.jobs.get(profileId, row.jobId);
    const outputs = row.jobId === null || job === null ? [] : outputsOfJob(row.jobId, job, stored);
    const image = outputs.find((o) => isImage(o.name, o.contentType)) ?? null;
    // A job the service said it no longer knows is 'gone', as the window's cell says, not its last status.
    const status = job === null ? row.state : job.goneAt !== null ? 'gone' : job.status;
    const values: Record<string, string> = {};
    const own = new Map<string, unknown>((row.values ?? []).map(({ target, value }) => [target, value]));
    groups.forEach((group, index) => {
      const key = keyOn(group, own);
      const axis = planned[index];
      if (key === null || axis === undefined) return;
      values[axis.target] = key;
      if (!axis.values.includes(key)) axis.values.push(key);
    });
    const cell: SheetCell = {
      item: row.position,
      status,
      failed: FAILED.has(status),
      image: image === null ? null : { assetId: image.assetId, name: image.name },
    };
    return { cell, values };
  });
  // A planned axis no item sets (a damaged record) is no axis to lay out on.
  const axes = planned.filter((axis) => axis.values.length > 0);
  const named = (target: string) => {
    const found = axes.find((a) => a.target === target) ?? axes.find((a) => a.inputs.includes(target));
    if (found !== undefined) return found;
    throw new DomainError('unknown_axis', `This batch has no axis "${target.slice(0, 200)}".`, {
      details: { axes: axes.map((a) => a.target) },
    });
  };
  const x = xTarget !== null ? named(xTarget) : (axes.find((a) => a.target !== yTarget) ?? null);
  const y = yTarget !== null ? named(yTarget) : (axes.find((a) => a !== x) ?? null);
  if (x !== null && y !== null && x.target === y.target) {
    throw new DomainError('unknown_axis', 'The sheet needs two different axes across and down.');
  }
  const further = axes.filter((a) => a !== x && a !== y);
  const pages = new Map<string, SheetPageModel>();
  for (const { cell, values } of items) {
    const title = further.map((a) => `${a.target} = ${values[a.target] ?? '—'}`).join(', ');
    let page = pages.get(title);
    if (page === undefined) {
      page = {
        title,
        rows: Array.from({ length: Math.max(1, y?.values.length ?? 1) }, () =>
          Array.from<SheetCell | null>({ length: Math.max(1, x?.values.length ?? 1) }).fill(null),
        ),
      };
      pages.set(title, page);
    }
    const col = x === null ? 0 : x.values.indexOf(values[x.target] ?? '');
    const line = y === null ? 0 : y.values.indexOf(values[y.target] ?? '');
    const at = page.rows[Math.max(0, line)];
    if (at !== undefined && (at[Math.max(0, col)] ?? null) === null) at[Math.max(0, col)] = cell;
  }
  const cells = [...pages.values()].reduce((sum, p) => sum + p.rows.length * (p.rows[0]?.length ?? 0), 0);
  if (cells > MAX_SHEET_CELLS) {
    throw new DomainError(
      'sheet_too_large',
      `These axes make ${cells} cells; a sheet holds at most ${MAX_SHEET_CELLS}.`,
    );
  }
  return { batchName: batch.name, x, y, pages: [...pages.values()], axes, items };
}
