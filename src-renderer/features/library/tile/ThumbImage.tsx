/**
 * Until the picture has come (main may be making it), the tile shows a raised square rather than sitting
 * blank. Still, not pulsing: an animation on every tile a fast scroll brings in would repaint them each frame.
 */
const LOADING = 'bg-raised';

/**
 * A thumbnail from main's route, loaded as it nears the screen. The loading look is taken off the element
 * itself when it loads, not through state: a grid page's 200 loads would be 200 renders.
 */
export function ThumbImage({ src, onError, testId }: { src: string; onError: () => void; testId?: string }) {
  return (
    <img
      data-testid={testId}
      src={src}
      alt=""
      draggable={false}
      loading="lazy"
      decoding="async"
      onLoad={(event) => event.currentTarget.classList.remove(LOADING)}
      onError={onError}
      className={`h-full w-full object-contain ${LOADING}`}
    />
  );
}
