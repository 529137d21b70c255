// Failures the CLI raises itself. Each carries a code (like the service's), a message in words and, where
// there is one, the next step, so every failure is reported the same way as an ApiError.
import { exitCodes, type ExitCode } from './exitCodes';

export class CliError extends Error {
  override readonly name: string = 'CliError';

  constructor(
    readonly code: string,
    message: string,
    readonly hint: string | null = null,
    readonly exitCode: ExitCode = exitCodes.failed,
    readonly details: unknown = null,
  ) {
    super(message);
  }
}

/** Bad arguments or input: nothing was sent. Exit 2, with a pointer to the command's help. */
export class UsageError extends CliError {
  override readonly name = 'UsageError';

  constructor(message: string, hint: string | null = null, code = 'usage') {
    super(code, message, hint, exitCodes.usage);
  }
}
