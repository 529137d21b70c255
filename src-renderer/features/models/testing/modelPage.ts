// Steps the Models screen's tests share: open a model's page, read the run calls the host saw.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { CallName } from '../../../../src-shared/contract';
import { listboxRow } from '../../../test/listboxRows';

/** Opens `modelId` from the catalogue and waits for its form. */
export async function openModel(modelId: string): Promise<HTMLElement> {
  await waitFor(() => expect(() => listboxRow('Models', 'modelId', modelId)).not.toThrow());
  fireEvent.click(listboxRow('Models', 'modelId', modelId));
  const page = await screen.findByTestId('model-page');
  await screen.findByTestId('run-bar');
  return page;
}

/** The arguments of every call named `name` the host received, in order. */
export function argsOf(calls: readonly { name: CallName; args: unknown }[], name: CallName): unknown[] {
  return calls.filter((call) => call.name === name).map((call) => call.args);
}
