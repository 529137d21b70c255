// UI state only (ARCHITECTURE.md, rule 8): which first-run step the person chose and has not yet finished.
// While it is set, the Jobs screen keeps the first-run choices on screen even though a profile became active,
// so "nothing answers at 127.0.0.1:8189" or "the Demo server could not start" stays visible with a Retry.
import { create } from 'zustand';

export type FirstRunStep = 'local' | 'demo';

interface OnboardingState {
  step: FirstRunStep | null;
  begin: (step: FirstRunStep) => void;
  finish: () => void;
}

export const useOnboarding = create<OnboardingState>((set) => ({
  step: null,
  begin: (step) => set({ step }),
  finish: () => set({ step: null }),
}));
