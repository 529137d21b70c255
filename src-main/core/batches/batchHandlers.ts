// The contract's batches.* entries, each on the profile it names: its batches read from Loupe's own record
// (core/batches), planned with core's planner (values checked against the service's object_info where it
// offers one), recorded whole before anything is sent, and sent in the background by the profile's
// BatchSenders, which the user pauses, resumes, cancels and widens.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { BatchPlanArgs, BatchPlanPreview } from '../../../src-shared/contracts/batches';
import { HttpClient, RetryPolicy, V1Client } from '../api';
import { BatchTemplates, exportBatch, type BatchReader } from '.';
import { failureGroups, recordPlan } from '../outbox';
import { exportPlace, newExportFile } from '../content/exportFolder';
import { buildSheetModel } from './sheet/sheetModel';
import { exportSheet } from './sheet/sheetExport';
import type { AssetBytes, PickFolder } from '../content';
import { checkAgainstObjectInfo, describePlan, planBatch, type BatchPlan } from '../plan';
import type { ProfileRuntimes } from '../jobs/profileRuntimes';
import { parseWorkflowText } from '../jobs';
import { connectionForProfile, type ProfileService } from '../profiles';
import type { CallHandlers } from '../rpc/dispatcher';
import type { LoupeStore } from '../store';

type BatchNames = Extract<keyof CallHandlers, `batches.${string}`>;
export type BatchHandlers = Pick<CallHandlers, BatchNames>;

export interface BatchServices {
  batches: BatchReader;
  jobs: ProfileRuntimes;
  profiles: ProfileService;
  store: LoupeStore;
  /** Asset bytes for exports (the disk cache, or the network with a fresh link). */
  bytes: Pick<AssetBytes, 'read'>;
  /** Main's folder dialog (Electron); null where there is none (the browser shell). */
  pickFolder: PickFolder | null;
  /**
   * Where a host without a folder dialog exports (the browser shell: Downloads/Loupe), one new folder per
   * export; null where exports need a dialog or the CLI's --to.
   */
  exportRoot: string | null;
}

/** How long a plan preview waits for the service's node list before it shows the plan unchecked. */
const OBJECT_INFO_TIMEOUT_MS = 5_000;

function plan(args: BatchPlanArgs): BatchPlan {
  return planBatch({
    workflow: parseWorkflowText(args.workflowJson, args.fileName),
    axes: args.axes,
    ...(args.zip === undefined ? {} : { zip: args.zip }),
    ...(args.repeat === undefined ? {} : { repeat: args.repeat }),
  });
}

export function createBatchHandlers(services: BatchServices): BatchHandlers {
  const { batches, jobs, profiles, store } = services;
  const templates = new BatchTemplates(store);

  /** The service's node list, or null where it offers none (or does not answer in time). */
  const objectInfo = async (profileId: string): Promise<unknown> => {
    try {
      const connection = await connectionForProfile(profiles, profileId);
      const http = new HttpClient({ connection, retryPolicy: new RetryPolicy({ maxAttempts: 1 }) });
      return await new V1Client(http).objectInfo({ signal: AbortSignal.timeout(OBJECT_INFO_TIMEOUT_MS) });
    } catch {
      return null;
    }
  };

  return {
    'batches.list': ({ profileId }) => batches.list(profileId),
    'batches.templates': () => ({ templates: templates.list() }),
    'batches.saveTemplate': ({ name, plan }) => templates.save(name, plan),
    'batches.deleteTemplate': ({ id }) => ({ deleted: templates.delete(id) }),
    'batches.get': ({ profileId, batchId }) => batches.get(profileId, batchId),
    'batches.plan': async ({ profileId, ...args }): Promise<BatchPlanPreview> => {
      const planned = plan(args);
      const description = describePlan(planned, { items: 20 });
      const info = await objectInfo(profileId);
      const problems = info === null ? [] : checkAgainstObjectInfo(planned, info);
      return {
        count: description.count,
        columns: description.columns.map((column) => ({
          target: column.target,
          source: column.source,
          kind: column.kind,
          length: column.length,
          firstValues: column.firstValues,
        })),
        items: description.items.map((item) => ({ index: item.index, values: item.values })),
        problems: problems.map((problem) => ({
          kind: problem.kind,
          target: problem.target,
          itemIndex: problem.itemIndex,
          message: problem.message,
        })),
        checked: info !== null,
      };
    },
    'batches.start': async ({ profileId, ...args }) => {
      const planned = plan(args);
      const runtime = await jobs.runtime(profileId);
      const connection = await connectionForProfile(profiles, runtime.profileId);
      const batch = recordPlan(
        { store, profileId: runtime.profileId, surface: connection.surface, newId: randomUUID },
        planned,
        { name: args.name, workflowFile: args.fileName ?? null, window: args.window },
      );
      return runtime.senders.start(batch.id, args.window, args.autoRetry);
    },
    'batches.sending': async ({ profileId, batchId }) => {
      batches.owned(profileId, batchId); // batch_not_found for another profile's or a missing batch
      const { senders } = await jobs.runtime(profileId);
      const sending = senders.describe(batchId);
      // Sending state lives in this process; a cancel is also on record, so it outlives a restart.
      const canceled = store.batches.get(batchId)?.canceledAt != null;
      return sending.state === 'idle' && canceled ? { ...sending, state: 'canceled' as const } : sending;
    },
    'batches.control': async ({ profileId, batchId, action, window }) => {
      batches.owned(profileId, batchId); // batch_not_found for another profile's or a missing batch
      const { senders } = await jobs.runtime(profileId);
      const current = senders.describe(batchId).window;
      switch (action) {
        case 'pause':
          return senders.pause(batchId);
        case 'resume':
          return senders.start(batchId, window ?? current);
        case 'cancel':
          return senders.cancel(batchId);
        case 'window':
          return senders.setWindow(batchId, window ?? current);
      }
    },
    'batches.export': async ({ profileId, batchId }) => {
      const { name } = batches.owned(profileId, batchId);
      const place = await exportPlace(services, name);
      if (place === null) {
        return {
          kind: 'not_available',
          message: `This window has no folder picker. Export with \`loupe batch export ${batchId} --to DIR\`.`,
        } as const;
      }
      const { folder } = place;
      if (folder === null) return { kind: 'cancelled' } as const;
      const result = await exportBatch({ store, bytes: services.bytes, profileId }, batchId, folder);
      return { kind: 'exported', folder, files: result.files, failed: result.failed } as const;
    },
    'batches.exportSheet': async ({ profileId, batchId, x, y, format }) => {
      const { name } = batches.owned(profileId, batchId);
      // The axes are checked before a dialog asks for a folder: a wrong one is refused with nothing written.
      buildSheetModel(store, profileId, batchId, x, y ?? null);
      const place = await exportPlace(services, name);
      if (place === null) {
        return {
          kind: 'not_available',
          message: `This window has no folder picker. Save the sheet with \`loupe batch sheet ${batchId} --to sheet.${format}\`.`,
        } as const;
      }
      const { folder } = place;
      if (folder === null) return { kind: 'cancelled' } as const;
      const path = await newExportFile(folder, `${name} contact sheet`, format);
      try {
        const saved = await exportSheet(
          { store, bytes: services.bytes, profileId },
          { batchId, x, y: y ?? null, format, path },
        );
        return { kind: 'saved', folder, ...saved } as const;
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
    },
    'batches.failures': ({ profileId, batchId }) => {
      batches.owned(profileId, batchId);
      return { groups: failureGroups(store, profileId, batchId) };
    },
    'batches.retryFailed': async ({ profileId, batchId, code }) => {
      batches.owned(profileId, batchId);
      const runtime = await jobs.runtime(profileId);
      const retried = runtime.batches.retryFailed(batchId, code);
      const sending =
        retried > 0
          ? runtime.senders.start(batchId, runtime.senders.describe(batchId).window)
          : runtime.senders.describe(batchId);
      return { retried, sending };
    },
  };
}
