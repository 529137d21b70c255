import { FormField } from '../../../components/FormField';
import {
  PARTNER_KEY_CHOICE,
  PARTNER_KEY_EXPLANATION,
  PARTNER_KEY_PURPOSE,
} from '../../../../src-shared/partnerNodes';

interface PartnerKeyFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors: readonly string[] | undefined;
  /** The profile has no key saved and none is being typed: with the choice on, nothing can go. */
  keyMissing: boolean;
}

/**
 * The profile's choice to send its own key with workflows that use partner nodes (issue 20). Off unless the
 * person turns it on, and said in full where it is chosen: the key bills their account.
 */
export function PartnerKeyField({ checked, onChange, errors, keyMissing }: PartnerKeyFieldProps) {
  const hint =
    checked && keyMissing
      ? `${PARTNER_KEY_EXPLANATION} This profile has no API key saved yet, so until it has one, none goes.`
      : PARTNER_KEY_EXPLANATION;
  return (
    <FormField label="Partner nodes" errors={errors} hint={hint}>
      {({ inputId, describedBy, invalid }) => (
        <label className="flex min-h-7 items-center gap-1.5 text-xs text-muted">
          <input
            id={inputId}
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className="accent-[var(--accent)]"
          />
          {PARTNER_KEY_CHOICE}, {PARTNER_KEY_PURPOSE}
        </label>
      )}
    </FormField>
  );
}
