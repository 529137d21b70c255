// How big the SIGKILL crash tests are (the CLI's and the browser shell's): in `npm test` a batch of 100 killed
// at three points; in the nightly run (`npm run test:nightly`, LOUPE_NIGHTLY=1) the full 300 at five. The
// promise proved is the same (one job per item after every kill); the nightly run only presses it harder.
export interface CrashPlan {
  items: number;
  /** The sender is killed once the service has seen this many submissions, once per point. */
  killAt: readonly number[];
}

export const crashPlan: CrashPlan =
  process.env['LOUPE_NIGHTLY'] === '1'
    ? { items: 300, killAt: [10, 60, 130, 200, 270] }
    : { items: 100, killAt: [10, 45, 80] };
