// Typed access to what node:util parseArgs produced, with usage errors that name the option.
import { UsageError } from './errors';

export type OptionValue = string | boolean | Array<string | boolean> | undefined;

export class ParsedArgs {
  constructor(
    private readonly values: Readonly<Record<string, OptionValue>>,
    readonly positionals: readonly string[],
    private readonly helpHint: string,
  ) {}

  positional(index: number): string {
    const value = this.positionals[index];
    if (value === undefined) throw new UsageError('A required argument is missing.', this.helpHint);
    return value;
  }

  optionalPositional(index: number): string | undefined {
    return this.positionals[index];
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  string(name: string): string | undefined {
    const value = this.values[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new UsageError(`--${name} needs a value.`, this.helpHint);
    return value;
  }

  strings(name: string): string[] {
    const value = this.values[name];
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.filter((item): item is string => typeof item === 'string');
  }

  /** A whole number within [min, max], or undefined when the option is absent. */
  integer(name: string, min: number, max: number): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`, this.helpHint);
    }
    return value;
  }

  usageError(message: string): UsageError {
    return new UsageError(message, this.helpHint);
  }
}
