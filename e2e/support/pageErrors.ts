// Every spec checks at its end that the page never threw: this collects what it threw along the way.
import type { Page } from '@playwright/test';

/** Starts collecting the page's uncaught errors; the returned list fills as they happen. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
