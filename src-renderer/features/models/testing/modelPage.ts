// Steps the Models screen's tests share: the screen's layout and state reset around each test, open a model's
// page, find a form field, read the run calls the host saw.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { CallName } from '../../../../src-shared/contract';
import { fakeLayout } from '../../../test/fakeLayout';
import { listboxRow } from '../../../test/listboxRows';
import { resetUiState } from '../../../test/resetUiState';
import { resetModelsUi } from './renderModels';

// Every Models test file starts the same way; registered here once so they all get the same window and a clean state.
/** A 1200×700 window for the file's tests, and the Models screen's state reset before each one. */
export function withModelsLayout(): void {
  beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
  afterAll(() => fakeLayout.restore());
  beforeEach(() => {
    resetUiState('models');
    resetModelsUi();
  });
}

/** The form's field for the input at `path` (its data-field-path). */
export function fieldAt(path: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-field-path="${path}"]`);
  if (!element) throw new Error(`no field ${path}`);
  return element;
}

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
