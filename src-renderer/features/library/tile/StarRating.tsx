import { useState } from 'react';

interface StarRatingProps {
  rating: number;
  /** Clicking the star already given clears it (0). */
  onRate: (rating: number) => void;
  label: string;
  /**
   * Drawn as one line of text until the pointer comes near, then as the five buttons: a grid draws hundreds
   * of these and a pointer is over one at a time (the keyboard rates with 1–5 and 0, never these buttons).
   */
  buttonsOnHover?: boolean;
}

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars: hover shows what a click gives, a click rates. Buttons, so they never steal the grid's keys. */
export function StarRating({ rating, onRate, label, buttonsOnHover = false }: StarRatingProps) {
  const [hover, setHover] = useState(0);
  const [near, setNear] = useState(!buttonsOnHover);
  const shown = hover || rating;
  const groupLabel = `${label}: ${rating === 0 ? 'not rated' : `${rating} of 5 stars`}`;
  if (!near) {
    return (
      <div
        role="group"
        aria-label={groupLabel}
        data-testid="stars-at-rest"
        className="pl-px text-sm leading-none tracking-[2px] text-faint/50"
        onPointerEnter={() => setNear(true)}
      >
        <span className="text-amber-400">{'★'.repeat(rating)}</span>
        {'☆'.repeat(5 - rating)}
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-label={groupLabel}
      className="flex"
      onMouseLeave={() => {
        setHover(0);
        if (buttonsOnHover) setNear(false);
      }}
    >
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          tabIndex={-1}
          aria-label={`Rate ${star} star${star === 1 ? '' : 's'}`}
          aria-pressed={star <= rating}
          onMouseEnter={() => setHover(star)}
          onClick={(event) => {
            event.stopPropagation();
            onRate(star === rating ? 0 : star);
          }}
          className={`px-px text-sm leading-none ${star <= shown ? 'text-amber-400' : 'text-faint/50'} ${hover ? 'hover:scale-110' : ''}`}
        >
          {star <= shown ? '★' : '☆'}
        </button>
      ))}
    </div>
  );
}
