// Renders the Models screen (or the whole app) over a fake host that answers models.* from the samples,
// with any answer replaced by the test.
import type { CallName } from '../../../../src-shared/contract';
import type { CallResult } from '../../../../src-shared/protocol';
import { fakeHost, PROFILES, type Answer } from '../../../test/fakeHost';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { startingModelsUi, useModelsUi } from '../modelsUiStore';
import { ModelsScreen } from '../ModelsScreen';
import { CATALOGUE, IMAGE_DETAIL, spend } from './sampleModels';

export function ok<T>(value: T): CallResult<T> {
  return { ok: true, value };
}

/** Local proxy and Demo, the Demo active and given a Router address. */
export const ROUTER_PROFILES = {
  ...PROFILES,
  profiles: PROFILES.profiles.map((profile) =>
    profile.id === 'demo'
      ? { ...profile, baseUrl: 'http://127.0.0.1:9000', routerBaseUrl: 'http://127.0.0.1:9000' }
      : profile,
  ),
  activeProfileId: 'demo',
};

export const MODEL_ANSWERS: Partial<Record<CallName, Answer>> = {
  'models.catalogue': () => ok(CATALOGUE),
  // Every model of the sample catalogue has the image model's schema: what matters is that each is itself.
  'models.detail': (args) => {
    const modelId = (args as { modelId: string }).modelId;
    const summary =
      CATALOGUE.kind === 'catalogue' ? CATALOGUE.models.find((model) => model.id === modelId) : undefined;
    return summary
      ? ok({ ...IMAGE_DETAIL, ...summary })
      : { ok: false, error: { code: 'model_not_found', message: `There is no model ${modelId}.` } };
  },
  'models.runs': () => ok({ runs: [] }),
  'models.spend': () => ok(spend()),
};

export function resetModelsUi(): void {
  useModelsUi.setState(startingModelsUi());
}

export function renderModels(overrides: Partial<Record<CallName, Answer>> = {}) {
  const host = fakeHost({ ...MODEL_ANSWERS, ...overrides }, { profiles: ROUTER_PROFILES });
  const view = renderWithLoupe(<ModelsScreen />, host.loupe);
  return { ...host, ...view };
}
