// The preload's own calls (bridgeContract in src-shared): made by the Electron preload on channels of their
// own, never by the page. Checked like contract calls: arguments parsed with their schema first, results
// checked, failures returned as typed values.
import type { z } from 'zod';
import { bridgeContract, type BridgeCallName } from '../../../src-shared/contract';
import type { CallResult } from '../../../src-shared/protocol';
import { CONTRACT_ARGUMENT_LIMITS, checkJsonBounds } from '../../../src-shared/jsonBounds';
import { toContractError } from './toContractError';
import { describeIssues } from './describeIssues';

type Spec<K extends BridgeCallName> = (typeof bridgeContract)[K];

export type BridgeHandlers = {
  [K in BridgeCallName]: (
    args: z.output<Spec<K>['args']>,
    caller: object,
  ) => Promise<z.output<Spec<K>['result']>>;
};

export async function runBridgeCall(
  handlers: BridgeHandlers,
  name: BridgeCallName,
  rawArgs: unknown,
  caller: object,
  logError: (message: string, error: unknown) => void = console.error,
): Promise<CallResult<unknown>> {
  const spec = bridgeContract[name];
  const bounds = checkJsonBounds(rawArgs, CONTRACT_ARGUMENT_LIMITS);
  if (!bounds.ok) {
    return {
      ok: false,
      error: {
        code: 'invalid_arguments',
        message: `Invalid arguments for ${name}: refused because ${bounds.reason}`,
      },
    };
  }
  const parsed = spec.args.safeParse(rawArgs);
  if (!parsed.success) {
    const message = `Invalid arguments for ${name}: ${describeIssues(parsed.error)}`;
    return { ok: false, error: { code: 'invalid_arguments', message } };
  }
  try {
    const value = spec.result.parse(await handlers[name](parsed.data, caller));
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: toContractError(error, (e) => logError(`Bridge call ${name} failed`, e)) };
  }
}
