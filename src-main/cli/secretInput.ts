// Reading an API key from standard input for `profiles add --api-key-stdin`. Never from argv, where it would
// land in shell history and in every process listing. From a pipe the whole input is the key (one trailing
// line break dropped); on a terminal it is typed without echo.
import { UsageError } from './errors';
import type { CliIo, InputSource } from './io';

const maxSecretBytes = 8192;

export async function readSecret(io: CliIo, prompt: string): Promise<string> {
  const stdin = io.stdin;
  if (stdin === undefined) throw new UsageError('--api-key-stdin needs standard input, and there is none.');
  const text = stdin.isTTY === true ? await readHidden(stdin, io, prompt) : await readPiped(stdin);
  const secret = text.replace(/\r?\n$/, '');
  if (secret.trim() === '') {
    throw new UsageError(
      'No API key arrived on standard input.',
      'Pipe it in, for example: `printf %s "$KEY" | loupe profiles add NAME … --api-key-stdin`.',
    );
  }
  return secret;
}

async function readPiped(stdin: InputSource): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = Buffer.from(chunk);
    size += buffer.length;
    if (size > maxSecretBytes) throw new UsageError('Standard input is too long to be an API key.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One line typed on a terminal with echo off; Ctrl-C or Ctrl-D gives up. */
async function readHidden(stdin: InputSource, io: CliIo, prompt: string): Promise<string> {
  io.stderr.write(prompt);
  stdin.setRawMode?.(true);
  let typed = '';
  try {
    for await (const chunk of stdin) {
      for (const char of Buffer.from(chunk).toString('utf8')) {
        if (char === '\r' || char === '\n') return typed;
        if (char === '\u0003' || char === '\u0004') throw new UsageError('No API key was entered.');
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
        if (typed.length > maxSecretBytes) throw new UsageError('That is too long to be an API key.');
      }
    }
    return typed;
  } finally {
    stdin.setRawMode?.(false);
    stdin.pause?.();
    io.stderr.write('\n');
  }
}
