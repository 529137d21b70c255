import type { Profile } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { useRemoveProfile } from '../../../queries/profileMutations';
import { visibleText } from '../../../lib/visibleText';

interface RemoveProfileDialogProps {
  profile: Profile;
  active: boolean;
  onClose: () => void;
  onRemoved: () => void;
}

export function RemoveProfileDialog({ profile, active, onClose, onRemoved }: RemoveProfileDialogProps) {
  const remove = useRemoveProfile();
  const text = remove.isError ? errorText(remove.error) : null;
  return (
    <ConfirmDialog
      title={`Remove ${visibleText(profile.name)}?`}
      testId="remove-profile"
      onCancel={onClose}
      confirm={
        <Button
          className="text-state-failed!"
          disabled={remove.isPending}
          onClick={() => remove.mutate(profile.id, { onSuccess: onRemoved })}
        >
          {remove.isPending ? <Spinner /> : null}
          Remove profile
        </Button>
      }
    >
      <p>
        Loupe forgets this profile, its saved key and the jobs it remembers for it. Nothing changes on the
        service itself.
      </p>
      {active ? <p>It is the active profile; afterwards, choose another one to see jobs.</p> : null}
      {text ? <InlineError message={text.message} nextStep={text.nextStep} code={text.code} /> : null}
    </ConfirmDialog>
  );
}
