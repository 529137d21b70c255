import { useOnboarding } from '../features/onboarding/onboardingStore';
import { useProfileEditor } from '../features/settings/profiles/profileEditorStore';
import { useUiStore, type Section } from '../stores/uiStore';
import { useTransportState } from '../transport/transportState';

/** Every zustand store back to a known state, with the host connected and `section` open. */
export function resetUiState(section: Section = 'jobs'): void {
  useUiStore.setState({ section, theme: 'dark' });
  useTransportState.setState({ state: 'connected' });
  useProfileEditor.setState({ editor: null });
  useOnboarding.setState({ step: null });
}
