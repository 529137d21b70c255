// One set of contract handlers whose answers come from whichever set is current: the recovery set while the
// store cannot be used, core's own once it can. A host binds its transport to one dispatcher for the whole
// launch (the browser shell's WebSocket, Electron's IPC channels), so recovering the store swaps what that
// dispatcher runs rather than the dispatcher itself.
import { callNames, streamNames } from '../../../src-shared/contract';
import type { CallCaller, ContractHandlers, StreamSink } from '../rpc/dispatcher';

export interface SwitchingHandlers {
  handlers: ContractHandlers;
  use(next: ContractHandlers): void;
}

type AnyCall = (args: unknown, caller?: CallCaller) => unknown;
type AnyStream = (args: unknown, sink: StreamSink<unknown>) => () => void;

/** `onCallError` sees every error a call throws (and rethrows nothing itself): a damaged page found mid-run. */
export function switchingHandlers(
  initial: ContractHandlers,
  onCallError: (error: unknown) => void = () => undefined,
): SwitchingHandlers {
  let current = initial;
  // Built by name from the contract's own lists; the one place the per-name types are set aside, because
  // each forwarder only passes its arguments through to the current set's handler of the same name.
  const forwarders: Record<string, AnyCall | AnyStream> = {};
  for (const name of callNames) {
    forwarders[name] = async (args: unknown, caller?: CallCaller) => {
      const handler = current[name] as AnyCall;
      try {
        return await handler(args, caller);
      } catch (error) {
        onCallError(error);
        throw error;
      }
    };
  }
  for (const name of streamNames) {
    forwarders[name] = (args: unknown, sink: StreamSink<unknown>) => (current[name] as AnyStream)(args, sink);
  }
  return {
    handlers: forwarders as unknown as ContractHandlers,
    use: (next) => {
      current = next;
    },
  };
}
