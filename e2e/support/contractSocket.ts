// The contract on a running browser shell's own WebSocket, as its page would speak it, for the end-to-end tests
// that drive what the page would from outside it. The socket is the one test support already has
// (src-main/web/testing/contractSocket.ts); here a refused call throws, naming its code.
import { expect } from '@playwright/test';
import { batchDetailSchema, type BatchDetail } from '../../src-shared/contracts/batches';
import { openContractSocket } from '../../src-main/web/testing/contractSocket';
import type { WebShell } from '../webShell';

export interface ShellContract {
  call(name: string, args: unknown): Promise<unknown>;
  close(): void;
}

export async function contractOf(shell: WebShell): Promise<ShellContract> {
  const socket = await openContractSocket(shell.url);
  return {
    call: async (name, args) => {
      const result = await socket.call(name, args);
      if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    close: () => socket.close(),
  };
}

/** The batch once it has finished (every item's job ended or refused), read through the contract. */
export async function finishedBatch(
  contract: ShellContract,
  profileId: string,
  batchId: string,
): Promise<BatchDetail> {
  const read = async (): Promise<BatchDetail> =>
    batchDetailSchema.parse(await contract.call('batches.get', { profileId, batchId }));
  await expect.poll(async () => (await read()).finished, { timeout: 120_000 }).toBe(true);
  return read();
}
