// A picture as a workflow file for the CLI: `jobs submit` and `batch run` take a PNG whose `prompt` chunk is
// the API workflow (as the workflow server writes it), refuse one with only the editor's workflow in words
// that say how to get the API format, and Loupe's own batch export writes pictures that run again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiJson } from '../../src-shared/png/pngPrompt';
import {
  API_WORKFLOW,
  EDITOR_WORKFLOW,
  serverPicture,
  textChunk,
} from '../core/pictures/testing/serverPicture';
import type { RunningSimulator } from '../simulator/server';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv } from './testing/cliHarness';

let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  dir = mkdtempSync(join(tmpdir(), 'loupe-cli-picture-'));
  env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: join(dir, 'data') };
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

function picture(name: string, chunks: Uint8Array[]): string {
  const path = join(dir, name);
  writeFileSync(path, serverPicture(chunks));
  return path;
}

describe('a PNG as a workflow file', () => {
  it('jobs submit runs the picture’s API workflow (its prompt chunk, not the editor’s)', async () => {
    const workflow = textToImageWorkflow({ steps: 1 });
    const path = picture('server.png', [
      textChunk('prompt', asciiJson(workflow)),
      textChunk('workflow', asciiJson(EDITOR_WORKFLOW)),
    ]);
    const run = await cli(['jobs', 'submit', path, '--wait', '--json'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.json() as Array<{ id: string; status: string }>;
    expect(lines.at(-1)?.status).toBe('succeeded');
  });

  it('batch run sweeps over the picture’s workflow, and the exported pictures run again', async () => {
    const path = picture('sweep.png', [textChunk('prompt', asciiJson(textToImageWorkflow({ steps: 1 })))]);
    const run = await cli(['batch', 'run', path, '--sweep', '3.seed=7..8', '--wait', '--json'], { env });
    expect(run.code).toBe(0);
    const { batchId } = run.json()[0] as { batchId: string };
    const target = join(dir, 'export');
    expect((await cli(['batch', 'export', batchId, '--to', target], { env })).code).toBe(0);
    const exported = join(target, 'seed-8_00001.png');
    expect(readFileSync(exported).includes(Buffer.from('prompt\0{'))).toBe(true);
    const again = await cli(['jobs', 'submit', exported, '--wait', '--json'], { env });
    expect(again.code).toBe(0);
    expect((again.json() as Array<{ status: string }>).at(-1)?.status).toBe('succeeded');
  });

  it('refuses the editor’s workflow alone, no workflow, and a damaged picture, with exit 2 and nothing sent', async () => {
    const before = sim.control.requests().length;
    const editorOnly = picture('editor.png', [textChunk('workflow', asciiJson(EDITOR_WORKFLOW))]);
    const refused = await cli(['jobs', 'submit', editorOnly], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('editor’s workflow only');
    expect(refused.stderr).toContain('Export (API)');
    const none = await cli(['batch', 'run', picture('none.png', []), '--sweep', '3.seed=1'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('carries no workflow');
    const cut = join(dir, 'cut.png');
    writeFileSync(cut, serverPicture([textChunk('prompt', asciiJson(API_WORKFLOW))]).subarray(0, 60));
    const damaged = await cli(['jobs', 'submit', cut], { env });
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toContain('not a PNG Loupe can read');
    expect(sim.control.requests().length).toBe(before);
  });
});
