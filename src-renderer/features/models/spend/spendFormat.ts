// Money and credits as a person reads them. Committed-spend figures arrive in US cents (NOTES part B) and
// are shown as dollars; credits are the Router's own unit and are shown as it counts them.

/** 1234 → "$12.34"; null → "—". */
export function dollars(cents: number | null): string {
  if (cents === null || !Number.isFinite(cents)) return '—';
  const sign = cents < 0 ? '−' : '';
  return `${sign}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** 1 → "1 credit", 2.5 → "2.5 credits". */
export function creditsText(credits: number): string {
  const shown = Number.isInteger(credits)
    ? credits.toLocaleString('en-US')
    : credits.toLocaleString('en-US', { maximumFractionDigits: 4 });
  return `${shown} ${credits === 1 ? 'credit' : 'credits'}`;
}

/** How much of the limit is committed, 0..1; null when either figure is missing. */
export function spentFraction(current: number | null, limit: number | null): number | null {
  if (current === null || limit === null || limit <= 0) return null;
  return Math.min(1, Math.max(0, current / limit));
}
