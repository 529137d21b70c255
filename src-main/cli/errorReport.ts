// Every failure leaves the CLI the same way: the code, the message in words, what to do next, and an exit
// code. Server-supplied text is made visible before it reaches the terminal; in --json mode the report is
// one JSON document on stderr, so stdout stays clean for results.
import { ApiError } from '../core/api';
import { DomainError } from '../core/errors';
import { ProfileError } from '../core/profiles';
import { isStoreUnusable } from '../core/store/health';
import { CliError } from './errors';
import { hintFor } from './errorHints';
import { exitCodes, type ExitCode } from './exitCodes';
import type { Output } from './io';
import { STORE_ERROR_CODES, storeExitCode, storeHint } from './storeReport';
import { safeJson, visible } from './terminalText';

export interface ErrorReport {
  code: string;
  message: string;
  hint: string | null;
  status: number | null;
  details: unknown;
  exitCode: ExitCode;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function errnoCode(error: unknown): string | null {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

export function reportFor(error: unknown, signal: AbortSignal): ErrorReport {
  if (signal.aborted && (isAbort(error) || (error instanceof ApiError && error.kind !== 'http'))) {
    return {
      code: 'interrupted',
      message: 'Interrupted.',
      hint: null,
      status: null,
      details: null,
      exitCode: exitCodes.canceled,
    };
  }
  if (error instanceof CliError) {
    return {
      ...base(error.code, error.message, error.hint),
      details: error.details,
      exitCode: error.exitCode,
    };
  }
  if (error instanceof ApiError) {
    return {
      code: error.code,
      message: error.message,
      hint: hintFor(error.code, error.status, error.retryAfterMs),
      status: error.status > 0 ? error.status : null,
      details: error.details,
      exitCode: exitCodeForApi(error),
    };
  }
  if (isStoreUnusable(error)) {
    const { damage } = error;
    return {
      code: damage.code,
      message: damage.summary,
      hint: storeHint(damage),
      status: null,
      details: {
        kind: damage.kind,
        path: damage.path,
        actions: damage.actions,
        newestBackup: damage.newestBackup,
      },
      exitCode: storeExitCode(damage.code),
    };
  }
  if (error instanceof DomainError && STORE_ERROR_CODES.has(error.code)) {
    // The store failed under a command that was running (a full disk under a write).
    return {
      ...base(error.code, error.message, hintFor(error.code, 0, null)),
      details: null,
      exitCode: storeExitCode(error.code),
    };
  }
  if (error instanceof DomainError) {
    return {
      ...base(error.code, error.message, hintFor(error.code, error.status ?? 0, error.retryAfterMs ?? null)),
      status: error.status ?? null,
      details: error instanceof ProfileError ? error.fields : (error.publicDetails() ?? null),
      // A value the user gave was refused before anything was saved or sent: a usage error.
      exitCode: invalidInputCodes.has(error.code) ? exitCodes.usage : exitCodes.failed,
    };
  }
  const errno = errnoCode(error);
  if (errno !== null && error instanceof Error) {
    return { ...base(errno.toLowerCase(), error.message, null), details: null };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ...base('internal_error', message, 'This is a bug in Loupe; please report it.'), details: null };
}

/** Domain refusals of what the user gave (a file, a value, a key): nothing was saved or sent. */
const invalidInputCodes: ReadonlySet<string> = new Set([
  'invalid_profile',
  'invalid_secret',
  'invalid_request',
  'invalid_workflow_json',
  'workflow_format_ui',
  'idempotency_key_reuse',
  'invalid_cursor',
  'invalid_batch_plan',
  // The Router's runs: a model id, input, options or key core refused before recording anything.
  'invalid_model_id',
  'invalid_mode',
  'invalid_options',
  'invalid_input',
  'input_too_large',
  'invalid_idempotency_key',
  'idempotency_key_used',
  'no_router',
]);

function exitCodeForApi(error: ApiError): ExitCode {
  // Refused locally before sending: the input was wrong, like a usage error.
  if (error.kind === 'invalid-request') return exitCodes.usage;
  // Sent, and neither confirmed nor found: Loupe cannot tell whether it was carried out.
  if (error.code === 'outcome_unknown' || error.code === 'answer_lost') return exitCodes.undetermined;
  return exitCodes.failed;
}

function base(code: string, message: string, hint: string | null): Omit<ErrorReport, 'details'> {
  return { code, message, hint, status: null, exitCode: exitCodes.failed };
}

/** Per-node problems of an `invalid_workflow` refusal, as lines a person can act on. */
function nodeErrorLines(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('node_errors' in details)) return [];
  const nodeErrors = details.node_errors;
  if (typeof nodeErrors !== 'object' || nodeErrors === null) return [];
  const lines: string[] = [];
  for (const [nodeId, entry] of Object.entries(nodeErrors as Record<string, unknown>)) {
    // Two documented shapes: a list of {field, reason}, or {class_type, errors: [{type, message}]}.
    const errors: unknown =
      typeof entry === 'object' && entry !== null && 'errors' in entry ? entry.errors : undefined;
    const problems: unknown[] = Array.isArray(entry) ? entry : Array.isArray(errors) ? errors : [entry];
    for (const problem of problems.slice(0, 5)) lines.push(`  node ${visible(nodeId)}: ${describe(problem)}`);
  }
  return lines.slice(0, 20);
}

function describe(problem: unknown): string {
  if (typeof problem !== 'object' || problem === null) return visible(String(problem));
  const record = problem as Record<string, unknown>;
  const parts = [record.field, record.reason, record.type, record.message]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => visible(part));
  return parts.length > 0 ? parts.join(': ') : visible(JSON.stringify(problem));
}

export function printError(report: ErrorReport, out: Output): void {
  if (out.json) {
    out.note(
      safeJson({
        error: {
          code: report.code,
          message: report.message,
          status: report.status,
          hint: report.hint,
          details: report.details,
        },
      }),
    );
    return;
  }
  if (STORE_ERROR_CODES.has(report.code)) {
    // One line: what happened to Loupe's own file, where it is, and the command that gets past it.
    const next = report.hint === null ? '' : ` ${report.hint}`;
    out.note(`error: ${visible(report.code)}: ${visible(report.message)}${visible(next)}`);
    return;
  }
  const status = report.status === null ? '' : ` (HTTP ${report.status})`;
  out.note(`error: ${visible(report.code)}${status}: ${visible(report.message)}`);
  for (const line of nodeErrorLines(report.details)) out.note(line);
  if (report.code === 'outcome_unknown' || report.code === 'answer_lost') {
    const key = keyOf(report.details);
    if (key !== null) out.note(`  idempotency key: ${visible(key)}`);
  }
  if (report.hint !== null) out.note(`next: ${report.hint}`);
}

function keyOf(details: unknown): string | null {
  if (typeof details === 'object' && details !== null && 'idempotencyKey' in details) {
    return typeof details.idempotencyKey === 'string' ? details.idempotencyKey : null;
  }
  return null;
}
