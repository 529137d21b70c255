// A list pane's width in pixels, kept between the limits its screen sets. Screens remember it across
// launches, so a stale or hand-edited entry has to come back as a sane number too.

export interface WidthLimits {
  readonly min: number;
  readonly max: number;
  readonly initial: number;
}

/** `width` rounded and kept within the limits; anything that is not a finite number is the initial width. */
export function clampWidth(width: number, limits: WidthLimits): number {
  if (!Number.isFinite(width)) return limits.initial;
  return Math.round(Math.min(limits.max, Math.max(limits.min, width)));
}

/** The width a remembered entry holds, made sane; `current` when it holds no number. */
export function rememberedWidth(saved: unknown, limits: WidthLimits, current: number): number {
  return typeof saved === 'number' ? clampWidth(saved, limits) : current;
}
