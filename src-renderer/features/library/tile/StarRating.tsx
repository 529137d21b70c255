import { useState } from 'react';

interface StarRatingProps {
  rating: number;
  /** Clicking the star already given clears it (0). */
  onRate: (rating: number) => void;
  label: string;
}

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars: hover shows what a click gives, a click rates. Buttons, so they never steal the grid's keys. */
export function StarRating({ rating, onRate, label }: StarRatingProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || rating;
  return (
    <div
      role="group"
      aria-label={`${label}: ${rating === 0 ? 'not rated' : `${rating} of 5 stars`}`}
      className="flex"
      onMouseLeave={() => setHover(0)}
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
