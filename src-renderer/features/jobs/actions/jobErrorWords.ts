// What a jobs error means and what to do about it, in words (rule 9). The raw code stays one click away in
// the component that shows these.
import { errorText } from '../../../components/errorText';
import { LoupeCallError } from '../../../lib/callError';
import { visibleText } from '../../../lib/visibleText';

export interface JobErrorWords {
  title: string;
  message: string;
  nextStep: string | undefined;
  code: string;
}

function retryIn(error: unknown): string {
  const ms = error instanceof LoupeCallError ? error.detail.retryAfterMs : undefined;
  return ms === undefined ? 'Try again in a little while.' : `Try again in ${Math.ceil(ms / 1000)} s.`;
}

const NEXT_STEP: Record<string, (error: unknown) => string> = {
  workflow_format_ui: () =>
    'The file has "nodes" and "links": it is the graph the editor saves for itself (UI format). The service ' +
    'runs API-format workflows. In the editor, use Export (API) — on older versions turn on the dev mode ' +
    'options in the settings, then "Save (API Format)" — and drop or pick that file instead.',
  invalid_workflow: () => 'Fix the nodes the service names in the workflow, then submit it again.',
  invalid_workflow_file: () => 'Pick a workflow exported from the editor as API format (a .json file).',
  missing_asset: () =>
    'The workflow refers to an input the service does not hold for this account. Upload it under Assets ' +
    'and use the asset id it gets.',
  queue_full: (error) => `The service queue is full. ${retryIn(error)}`,
  rate_limited: (error) => `Too many requests. ${retryIn(error)}`,
  deployment_not_ready: (error) => `The deployment is still starting. ${retryIn(error)}`,
  deployment_unavailable: (error) => `The deployment is not taking work yet. ${retryIn(error)}`,
  deployment_stopped: () => 'The deployment is stopped; it has to be started before jobs can run.',
  insufficient_credits: () => 'Top up the account’s credits, then submit again.',
  unauthorized: () => 'Check the API key in Settings → Profiles.',
  forbidden: () => 'The key was accepted but may not do this; check which account it belongs to.',
  not_found: () => 'Jobs are visible only to the account that made them, and only until they expire.',
  metadata_not_supported: () => 'This service does not accept labels; submit without them.',
  outcome_unknown: () =>
    'The request may have been carried out. Look for the job in the list before submitting again.',
  answer_lost: () =>
    'The job exists: the service accepted it, but its answer was lost. Loupe is looking for it and shows ' +
    'it in the list once found. Do not submit it again.',
  not_available: () => 'This Loupe build cannot do that yet.',
  transport_lost: () => 'Loupe lost the connection to its host process; it reconnects on its own.',
};

const TITLES: Record<string, string> = {
  workflow_format_ui: 'This is the editor’s saved workflow, not an API workflow',
  invalid_workflow: 'The service refused the workflow',
  missing_asset: 'An input of the workflow is missing',
};

/** `doing` completes "Loupe could not …", e.g. "submit lighthouse.json". */
export function jobErrorWords(error: unknown, doing: string): JobErrorWords {
  const text = errorText(error);
  const next = NEXT_STEP[text.code];
  return {
    title: TITLES[text.code] ?? `Loupe could not ${doing}`,
    message: visibleText(text.message),
    nextStep: next ? next(error) : text.nextStep,
    code: text.code,
  };
}
