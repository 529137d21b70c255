// CPU time for the hashing bench, from /proc (Linux; elsewhere the figures are NaN). On a shared two-core
// machine wall-clock figures swing with the neighbours' load, so the bench also says how much CPU the others
// took while it measured, and what each hasher spent on its critical path: for b3sum --num-threads 1 its one
// thread (the child's CPU time), for the app the worker thread that hashes (this process's busiest thread
// during the run; the reads it overlaps run on other threads). Those two are close to what an idle machine
// would show as wall time, and they hardly move with the load.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The share of the machine's CPU time that other processes used while `task` ran: on a shared machine, the
 * figures mean little without it.
 */
export async function othersCpuShare<T>(task: () => Promise<T>): Promise<{ value: T; share: number }> {
  const before = machineTicks();
  const value = await task();
  const after = machineTicks();
  if (before === null || after === null) return { value, share: Number.NaN };
  const total = after.total - before.total;
  const others = after.busy - before.busy - (after.own - before.own);
  return { value, share: total > 0 ? Math.max(0, others) / total : Number.NaN };
}

/** `task`'s result, and the CPU seconds of this process's busiest thread while it ran. */
export async function busiestThreadCpu<T>(task: () => Promise<T>): Promise<{ value: T; cpuSeconds: number }> {
  const before = threadTicks();
  const value = await task();
  const after = threadTicks();
  let busiest = 0;
  for (const [thread, ticks] of after) busiest = Math.max(busiest, ticks - (before.get(thread) ?? 0));
  return { value, cpuSeconds: after.size === 0 ? Number.NaN : busiest / TICKS_PER_SECOND };
}

/** `task`'s result, and the CPU seconds of the child processes it ran and waited for. */
export async function childrenCpu<T>(task: () => Promise<T>): Promise<{ value: T; cpuSeconds: number }> {
  const before = ownTicks();
  const value = await task();
  const after = ownTicks();
  const cpuSeconds =
    before === null || after === null ? Number.NaN : (after.children - before.children) / TICKS_PER_SECOND;
  return { value, cpuSeconds };
}

/** USER_HZ: Linux reports CPU time in /proc in hundredths of a second on every common architecture. */
const TICKS_PER_SECOND = 100;

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** utime, stime, cutime, cstime of a /proc stat line: fields 14 to 17, after the command name (which may hold spaces). */
function statTimes(stat: string): number[] {
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 15)
    .map(Number);
}

function ownTicks(): { self: number; children: number } | null {
  const stat = readText('/proc/self/stat');
  if (stat === null) return null;
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = statTimes(stat);
  return { self: utime + stime, children: cutime + cstime };
}

function machineTicks(): { total: number; busy: number; own: number } | null {
  const cpu = readText('/proc/stat')?.split('\n')[0]?.trim().split(/\s+/).slice(1, 9).map(Number);
  const own = ownTicks();
  if (cpu === undefined || own === null) return null;
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { total, busy: total - idle, own: own.self + own.children };
}

function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return ticks;
  }
  for (const thread of threads) {
    const stat = readText(`/proc/self/task/${thread}/stat`);
    if (stat === null) continue;
    const [utime = 0, stime = 0] = statTimes(stat);
    ticks.set(thread, utime + stime);
  }
  return ticks;
}
