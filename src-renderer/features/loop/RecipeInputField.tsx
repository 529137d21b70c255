// One input of a job as a field in Run again with changes: a number, a choice from object_info, a checkbox,
// text, or, for an input that names a picture, a picture from the library (brought over to the job's service).
import { useState } from 'react';
import type { JobRecipe } from '../../../src-shared/contract';
import { LinkButton } from '../../components/Button';
import { visibleText } from '../../lib/visibleText';
import { assetReference, referencedAssetId, takesPicture } from './imageInput';
import { LibraryPicturePicker } from './LibraryPicturePicker';

type Input = JobRecipe['inputs'][number];

/** One input as a field: a number, a choice from object_info, a checkbox, or text. */
function PlainField({
  input,
  value,
  onChange,
}: {
  input: Input;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const rule = input.rule;
  const label = `${input.target} (${input.classType})`;
  const cls = 'w-full rounded border border-line bg-raised px-1 py-0.5 text-xs text-fg';
  if (rule?.kind === 'choices') {
    return (
      <select
        aria-label={label}
        className={cls}
        value={String(value)}
        onChange={(event) => {
          const picked = rule.choices.find((choice) => String(choice) === event.target.value);
          onChange(picked ?? event.target.value);
        }}
      >
        {rule.choices.map((choice) => (
          <option key={String(choice)} value={String(choice)}>
            {visibleText(String(choice))}
          </option>
        ))}
      </select>
    );
  }
  if (typeof value === 'number' || rule?.kind === 'INT' || rule?.kind === 'FLOAT') {
    return (
      <input
        aria-label={label}
        type="number"
        className={cls}
        value={typeof value === 'number' ? value : ''}
        min={rule?.kind === 'INT' || rule?.kind === 'FLOAT' ? (rule.min ?? undefined) : undefined}
        max={rule?.kind === 'INT' || rule?.kind === 'FLOAT' ? (rule.max ?? undefined) : undefined}
        step={rule?.kind === 'INT' ? 1 : 'any'}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    );
  }
  if (typeof value === 'boolean') {
    return (
      <input
        aria-label={label}
        type="checkbox"
        checked={value}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  }
  if (typeof value === 'string') {
    return (
      <textarea
        aria-label={label}
        className={cls}
        rows={value.length > 60 ? 3 : 1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  // An object (an asset reference, say): shown, not edited here.
  return <code className="text-[11px] break-all text-muted">{visibleText(JSON.stringify(value))}</code>;
}

/** A picture input: what it holds, and the library's pictures to put there instead. */
function PictureField({
  input,
  value,
  profileId,
  onChange,
}: {
  input: Input;
  value: unknown;
  profileId: string;
  onChange: (value: unknown) => void;
}) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const assetId = referencedAssetId(value);
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate text-[11px] text-muted" data-testid="picture-input-value">
          {picked !== null
            ? visibleText(picked)
            : assetId !== null
              ? `asset ${visibleText(assetId)}`
              : visibleText(String(value))}
        </code>
        <LinkButton className="shrink-0 text-[11px]" onClick={() => setPicking((open) => !open)}>
          {picking ? 'Close the library' : 'From the library…'}
        </LinkButton>
      </div>
      {picking ? (
        <LibraryPicturePicker
          profileId={profileId}
          label={input.target}
          onPick={(brought, entry) => {
            setPicked(entry.title);
            setPicking(false);
            onChange(assetReference(brought));
          }}
        />
      ) : null}
    </div>
  );
}

export function RecipeInputField({
  input,
  value,
  profileId,
  onChange,
}: {
  input: Input;
  value: unknown;
  /** The job's profile: a picture from the library is brought over to it. */
  profileId: string;
  onChange: (value: unknown) => void;
}) {
  if (takesPicture(input)) {
    return <PictureField input={input} value={value} profileId={profileId} onChange={onChange} />;
  }
  return <PlainField input={input} value={value} onChange={onChange} />;
}
