import { useId } from 'react';
import { INPUT_CLASS } from '../../../components/FormField';
import type { RunSetup } from '../modelsUiStore';

/** The provider slugs the Router accepts (contracts/models.ts): lowercase, with '.', '_' or '-' inside. */
export const PROVIDER_SLUG = /^[a-z0-9]+([._-][a-z0-9]+)*$/;

export function providerProblem(provider: string): string | null {
  if (provider === '') return null;
  if (provider.length > 64) return 'At most 64 characters.';
  return PROVIDER_SLUG.test(provider) ? null : 'Lowercase letters and digits, with . _ or - between them.';
}

interface RunOptionsProps {
  setup: RunSetup;
  onSetup: (setup: RunSetup) => void;
  disabled: boolean;
}

/**
 * How the run is sent: now and waited for (sync) or through the queue; on an alternate provider, strictly
 * (untranslated) or not; and, for synchronous runs, whether the Router may fall back to the model's other
 * provider when the first one fails.
 */
export function RunOptions({ setup, onSetup, disabled }: RunOptionsProps) {
  const providerId = useId();
  const providerNote = useId();
  const problem = providerProblem(setup.provider);
  const withProvider = setup.provider !== '' && problem === null;
  return (
    <div
      className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1 text-xs"
      data-testid="run-options"
    >
      <fieldset className="flex items-center gap-3">
        <legend className="sr-only">How to run</legend>
        {(['sync', 'queued'] as const).map((mode) => (
          <label
            key={mode}
            className="flex items-center gap-1.5 text-muted"
            title={
              mode === 'sync'
                ? 'Send it and wait for the answer'
                : 'Put it in the Router’s queue and collect the answer when it is ready'
            }
          >
            <input
              type="radio"
              name="run-mode"
              value={mode}
              checked={setup.mode === mode}
              disabled={disabled}
              onChange={() => onSetup({ ...setup, mode })}
              className="accent-[var(--accent)]"
            />
            <span className={setup.mode === mode ? 'text-fg' : ''}>
              {mode === 'sync' ? 'Sync' : 'Queued'}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-2">
        <label htmlFor={providerId} className="shrink-0 text-muted">
          Alternate provider
        </label>
        <input
          id={providerId}
          value={setup.provider}
          placeholder="the model’s own"
          title="An alternate provider’s slug, to serve the model elsewhere"
          spellCheck={false}
          disabled={disabled}
          maxLength={80}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : providerNote}
          onChange={(event) => onSetup({ ...setup, provider: event.target.value.trim() })}
          className={`${INPUT_CLASS} w-32 font-mono`}
        />
      </div>
      <label
        className={`flex h-7 items-center gap-1.5 ${withProvider ? 'text-muted' : 'text-faint'}`}
        title="Send the body to the alternate provider untranslated (it must already be in that provider’s own schema)"
      >
        <input
          type="checkbox"
          checked={withProvider && setup.strict}
          disabled={disabled || !withProvider}
          onChange={(event) => onSetup({ ...setup, strict: event.target.checked })}
          className="accent-[var(--accent)]"
        />
        Strict mode{withProvider ? '' : ' (with a provider)'}
      </label>
      <label
        className={`flex h-7 items-center gap-1.5 ${setup.mode === 'sync' ? 'text-muted' : 'text-faint'}`}
        title="Let the Router retry on the model’s other provider when the first fails for a reason of its own"
      >
        <input
          type="checkbox"
          checked={setup.mode === 'sync' && setup.fallback}
          disabled={disabled || setup.mode !== 'sync'}
          onChange={(event) => onSetup({ ...setup, fallback: event.target.checked })}
          className="accent-[var(--accent)]"
        />
        Fallback{setup.mode === 'sync' ? '' : ' (sync only)'}
      </label>
      {problem !== null ? (
        <p id={providerNote} className="basis-full text-[11px] text-state-failed">
          Provider: {problem}
        </p>
      ) : null}
    </div>
  );
}
