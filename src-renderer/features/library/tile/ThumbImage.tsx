/** A thumbnail from main's route, loaded as it nears the screen. */
export function ThumbImage({ src, onError, testId }: { src: string; onError: () => void; testId?: string }) {
  return (
    <img
      data-testid={testId}
      src={src}
      alt=""
      draggable={false}
      loading="lazy"
      decoding="async"
      onError={onError}
      className="h-full w-full object-contain"
    />
  );
}
