import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { ModelsIcon } from '../../../components/icons';
import { useUiStore } from '../../../stores/uiStore';
import { useProfileEditor } from '../../settings/profiles/profileEditorStore';

/** The active profile has no Router address: say what would be here, and go to where one is added. */
export function NoRouter({ profileId }: { profileId: string }) {
  const setSection = useUiStore((state) => state.setSection);
  const openEdit = useProfileEditor((state) => state.openEdit);
  return (
    <EmptyState
      icon={<ModelsIcon />}
      title="This profile has no Router"
      actions={
        <Button
          variant="primary"
          onClick={() => {
            openEdit(profileId);
            setSection('settings');
          }}
        >
          Add a Router address in Settings
        </Button>
      }
    >
      The Router runs partner models one request at a time: browse its catalogue, fill in a form built from
      each model’s input schema, and run it now or through the queue, with its cost in view. Add the Router’s
      address to this profile in Settings and its models appear here.
    </EmptyState>
  );
}
