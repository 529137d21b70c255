// One clock for Node and the page: epoch milliseconds with sub-millisecond resolution. Both sides read
// performance.timeOrigin + performance.now(); the offset between the two is still measured in each run
// (pageClockOffset in browser.ts), because the two origins are taken at different moments and rounded.

export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
