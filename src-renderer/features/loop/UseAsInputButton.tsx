import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/Button';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { profilesQuery } from '../../queries/appQueries';
import { useLoopActions } from './useLoopActions';
import { useLoopUi } from './loopUiStore';

/**
 * Use as input: outputs of one profile onto an inputs axis of New batch. With one profile there is nothing to
 * choose; with several, a dialog asks which profile's New batch takes them (the bytes move there).
 */
export function UseAsInputButton({
  fromProfileId,
  assetIds,
  onLeave,
}: {
  fromProfileId: string;
  assetIds: readonly string[];
  /** Called as the outputs are handed on (to the choice, or to New batch): a lightbox closes then. */
  onLeave?: () => void;
}) {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const actions = useLoopActions();
  const openChoice = useLoopUi((state) => state.openUseAsInput);
  const list = profiles.data;
  const several = (list?.profiles.length ?? 0) > 1;
  return (
    <>
      <Button
        disabled={actions.busy || list === undefined || assetIds.length === 0}
        title="Put this on an inputs axis of New batch"
        onClick={() => {
          if (several) {
            openChoice(fromProfileId, assetIds);
            onLeave?.();
          } else {
            void actions.useAsInput(fromProfileId, fromProfileId, assetIds).then((done) => {
              if (done) onLeave?.();
            });
          }
        }}
      >
        {several ? 'Use as input…' : 'Use as input'}
      </Button>
      {actions.problem === null ? null : (
        <span role="alert" className="text-[11px] text-state-failed">
          {visibleText(actions.problem)}
        </span>
      )}
    </>
  );
}
