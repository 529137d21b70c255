// Dragging an output out of the window. Only Electron can start an OS drag of a real file (main writes it
// and calls webContents.startDrag); the browser shell has no dragger and tiles are not draggable there.
export type AssetDragger = (profileId: string, assetId: string) => void;

let current: AssetDragger | null = null;

export function assetDragger(): AssetDragger | null {
  return current;
}

/** Installs (or, with null, removes) the dragger; returns a function that restores the previous one. */
export function setAssetDragger(next: AssetDragger | null): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}
