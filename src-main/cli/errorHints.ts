// What to do next, per error code (ARCHITECTURE rule 9: the code stays visible, the words say what to do).
// Codes not listed fall back to advice by HTTP status; an unknown code is shown as it came.

const retryLater = (seconds: number | null): string =>
  seconds === null ? 'Try again in a little while.' : `Try again in ${seconds} s.`;

type Hint = string | ((retryAfterSeconds: number | null) => string);

const checkTheKey =
  'Check the API key: save it with `loupe profiles add NAME … --api-key-stdin`, or set LOUPE_API_KEY.';

const byCode: Readonly<Record<string, Hint>> = {
  unauthorized: checkTheKey,
  // The same refusal as a connection test reports it (core/capabilities/problems.ts).
  credential_rejected: checkTheKey,
  credential_missing: checkTheKey,
  forbidden: 'The key was accepted but may not do this; check which account or workspace it belongs to.',
  not_found:
    'Check the id. Jobs and assets are visible only to the account that made them, and only until they expire.',
  insufficient_credits: 'Top up the account\u2019s credits, then submit again.',
  queue_full: (s) => `The service queue is full. ${retryLater(s)}`,
  deployment_not_ready: (s) => `The deployment is still starting. ${retryLater(s)}`,
  deployment_unavailable: (s) => `The deployment is not taking work yet. ${retryLater(s)}`,
  deployment_stopped: 'The deployment is stopped; an operator has to start it before jobs can run.',
  rate_limited: (s) => `Too many requests. ${retryLater(s)}`,
  too_many_streams: (s) => `Too many live streams are open. ${retryLater(s)}`,
  invalid_workflow: 'Fix the nodes listed above in the workflow, then submit again.',
  workflow_format_ui:
    'This is the editor\u2019s export (UI format). In the editor, export the workflow as API format and submit that file.',
  missing_asset:
    'Upload the input with `loupe assets upload FILE` and reference the asset id it prints in the workflow.',
  metadata_not_supported: 'This service does not accept labels; submit without --label.',
  metadata_invalid: 'Labels are key=value with keys of 1 to 40 characters from A-Z a-z 0-9 _ - .',
  invalid_metadata_filter: 'Use at most 3 --label filters, each key=value with a plain key.',
  invalid_cursor: 'Start the list again without --cursor.',
  outcome_unknown:
    'Loupe could not tell whether the job was made. Look with `loupe jobs list`; to try again without risking a second job, run the same command with --idempotency-key and the key above.',
  batch_sending_elsewhere:
    'Another Loupe is sending this batch. Follow it with `loupe batch show ID`, or stop it there first (Pause in the app, Ctrl-C in the CLI).',
  answer_lost:
    'The job exists, but its answer was lost. Find it with `loupe jobs list`; do not submit it again (Loupe looks for it too, and links it when found).',
  idempotency_key_reuse:
    'The request may have been carried out already. Check with `loupe jobs list` before submitting again.',
  hash_mismatch: 'The file changed while it was being uploaded. Upload it again.',
  blob_not_found: 'The service does not hold these bytes; upload the file itself.',
  not_implemented: 'This service does not offer this operation.',
  upstream_error: 'The service had a temporary problem. Try again later.',
  network_error: 'Check that the service is running and the address is right (`loupe profiles test`).',
  timeout: 'The service did not answer in time. Check the connection and try again.',
  invalid_response:
    'The answer was not what the API documents. Check that the address points at the service itself.',
  response_too_large:
    'The service sent an answer far larger than it should be, and Loupe stopped reading it. Check that the address points at the service itself (`loupe profiles test`); if it does, try again later or tell whoever runs it.',
  credential_unavailable:
    'The system keychain could not be read. Unlock it, or set LOUPE_BASE_URL and LOUPE_API_KEY instead.',
  keychain_unavailable:
    'The system keychain is not available. Start it (GNOME Keyring or KWallet on Linux), or pass the key as LOUPE_API_KEY with LOUPE_BASE_URL.',
  demo_not_running:
    'The Demo server runs inside the Loupe app. For the CLI, start one with `npm run simulate -- --surface serverless --seed` and set LOUPE_BASE_URL to the address it prints.',
  invalid_profile: 'Fix the values named above and run the command again.',
  built_in_readonly: 'Built-in profiles cannot be changed this way.',
  // Router buckets (NOTES part B).
  concurrency_limit_exceeded: (s) => `Too many runs at once. ${retryLater(s)}`,
  invalid_input: 'Fix the input against the model\u2019s schema (`loupe models show ID --schema`).',
  model_not_found: 'Check the model id with `loupe models list`.',
  invalid_model_id: 'A model id is provider/model in lowercase, as `loupe models list` shows them.',
  not_enabled: 'This account is not enabled for the Router yet; this answer does not change by retrying.',
  provider_error: 'The model provider failed. Try again, or choose another provider.',
  provider_timeout: 'The model provider did not answer in time. Try again later.',
  service_unavailable: (s) => `The Router is temporarily unavailable. ${retryLater(s)}`,
  queue_backlog_full: (s) => `Too many queued runs are waiting. ${retryLater(s)}`,
  no_router:
    'Set LOUPE_ROUTER_URL, or save the profile with --router-url (`loupe profiles add NAME \u2026 --router-url U`).',
  not_cancellable: 'Only queued runs can be cancelled (`loupe models run ID --input FILE --queue`).',
  // Loupe's own data file, failing under a running command (the open check's findings have their own words).
  disk_full: 'Free some space on the disk that holds Loupe’s data, then run the command again.',
  store_read_only:
    'Make Loupe’s data folder and its loupe.db writable (permissions; a disk mounted read-only), then run the command again.',
  store_io_error:
    'Check the disk that holds Loupe’s data, then run the command again (`loupe store check` looks at it).',
  store_damaged: 'Run `loupe store check` to see what is damaged and how to start again.',
  nothing_to_recover: '`loupe store check` says what, if anything, is wrong with the data file.',
  run_in_flight:
    'Another Loupe is sending this run right now; look again with `loupe models requests get ID`.',
};

function byStatus(status: number): string | null {
  if (status === 401) return byCode.unauthorized as string;
  if (status === 403) return byCode.forbidden as string;
  if (status === 404) return 'Check the id and the address.';
  if (status === 429) return 'Too many requests; try again later.';
  if (status >= 500) return 'The service had a problem. Try again later.';
  return null;
}

export function hintFor(code: string, status: number, retryAfterMs: number | null): string | null {
  const hint = Object.hasOwn(byCode, code) ? byCode[code] : undefined;
  const seconds = retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000);
  if (typeof hint === 'function') return hint(seconds);
  return hint ?? byStatus(status);
}
