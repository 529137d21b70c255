// The creative loop's overlays are code the window needs only once one is opened: nothing of them loads or
// queries until then (App mounts this once; its first paint stays as light as before the loop existed).
import { lazy, Suspense } from 'react';
import { useLoopUi } from './loopUiStore';

const LoopHost = lazy(() => import('./LoopHost').then((m) => ({ default: m.LoopHost })));

export function LoopOverlays() {
  const open = useLoopUi(
    (state) =>
      state.compare !== null ||
      state.varyAround !== null ||
      state.runWithChanges !== null ||
      state.useAsInput !== null,
  );
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoopHost />
    </Suspense>
  );
}
