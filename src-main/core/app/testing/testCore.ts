// Test support: a real core (SQLite file, profile service, dispatcher) in a temporary directory, with an
// in-memory keychain unless a test passes the real one.
import {
  jobSnapshotSchema,
  type AppInfo,
  type CallName,
  type JobSnapshot,
} from '../../../../src-shared/contract';
import type { KeychainBackend, Surface } from '../../profiles';
import type { FileGrantsOptions, PickFiles } from '../../uploads';
import type { PickFolder } from '../../content';
import type { RouterTuning } from '../../router';
import { FakeKeychain } from '../../profiles/testing/fakeKeychain';
import { makeTempDir } from '../../store/testing/tempDir';
import { createCore, type LoupeCore } from '../createCore';
import type { DemoLauncher } from '../demoSupervisor';

export interface TestCore extends LoupeCore {
  dataDir: string;
  keychain: KeychainBackend;
  dispose(): Promise<void>;
}

export interface TestCoreOptions {
  shell?: AppInfo['shell'];
  keychain?: KeychainBackend;
  demo?: DemoLauncher | null;
  /** Opens this data folder (a restart of an earlier core); dispose then closes without removing it. */
  dataDir?: string;
  /** The host's open dialog for uploads.pickFiles (Electron's, faked). */
  pickFiles?: PickFiles | null;
  /** The host's folder dialog (Electron's, faked). */
  pickFolder?: PickFolder | null;
  exportRoot?: string | null;
  fileGrants?: FileGrantsOptions;
  /** The Router service's knobs (page size, queue polling, attempts). */
  router?: RouterTuning;
  /** Every request to a service goes through it (a test that loses an answer on purpose). */
  fetch?: typeof fetch;
  /** A host without a window (the CLI): nothing is followed or resumed in the background. */
  headless?: boolean;
  /** The library's background reading (backlog reads a second per profile). */
  library?: { backlogPerSecond?: number };
  /** Where background failures are logged (default: the console). */
  logError?: (message: string, error: unknown) => void;
}

export async function createTestCore(options: TestCoreOptions = {}): Promise<TestCore> {
  const dir =
    options.dataDir === undefined
      ? makeTempDir('loupe-core-')
      : { path: options.dataDir, remove: () => undefined };
  const keychain = options.keychain ?? new FakeKeychain();
  const core = await createCore({
    dataDir: dir.path,
    appInfo: {
      name: 'Loupe',
      version: '0.0.0-test',
      shell: options.shell ?? 'browser',
      platform: process.platform,
      startedAt: new Date().toISOString(),
    },
    keychain,
    openExternal: null,
    demo: options.demo ?? null,
    pickFiles: options.pickFiles ?? null,
    pickFolder: options.pickFolder ?? null,
    exportRoot: options.exportRoot ?? null,
    ...(options.fileGrants ? { fileGrants: options.fileGrants } : {}),
    ...(options.router ? { router: options.router } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headless === undefined ? {} : { headless: options.headless }),
    ...(options.library === undefined ? {} : { library: options.library }),
    ...(options.logError === undefined ? {} : { logError: options.logError }),
  });
  return {
    ...core,
    dataDir: dir.path,
    keychain,
    dispose: async () => {
      await core.close();
      dir.remove();
    },
  };
}

/** Adds a profile for a simulator (or any service) at `baseUrl` with its API key, and makes it active. */
export async function connectCore(
  core: LoupeCore,
  target: { surface: Surface; baseUrl: string; key?: string; name?: string },
): Promise<string> {
  const profile = await core.profiles.create({
    name: target.name ?? 'sim',
    surface: target.surface,
    baseUrl: target.baseUrl,
  });
  await core.profiles.setCredential(profile.id, target.key ?? 'demo-key');
  await core.profiles.setActive(profile.id);
  return profile.id;
}

/** The profile connectCore made (and showed) on this core: the one a test's per-profile calls name. */
export function connectedProfile(core: LoupeCore): string {
  const profileId = core.profiles.activeId();
  if (profileId === null) throw new Error('connectedProfile: connectCore has not run on this core');
  return profileId;
}

/** A contract call through the dispatcher that must succeed: its value, or a thrown error naming the code. */
export async function callOk(core: LoupeCore, name: CallName, args: unknown): Promise<unknown> {
  const result = await core.dispatcher.call(name, args);
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** Submits a workflow through jobs.submit and reads the job until it has succeeded (or 5 s have gone by). */
export async function submitUntilDone(
  core: LoupeCore,
  args: { profileId: string; workflowJson: string; fileName?: string },
): Promise<{ submitted: JobSnapshot; done: JobSnapshot }> {
  const submitted = jobSnapshotSchema.parse(await callOk(core, 'jobs.submit', args));
  let done = submitted;
  for (let i = 0; i < 100 && done.status !== 'succeeded'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    done = jobSnapshotSchema.parse(
      await callOk(core, 'jobs.get', { profileId: args.profileId, jobId: submitted.id }),
    );
  }
  return { submitted, done };
}
