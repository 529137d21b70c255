// "Test connection" for a profile, cached per profile. The report is cached because the UI asks often
// (status bar, settings, first run) and each test costs several requests; it is dropped as soon as the
// profile changes (address, credential, removal, the Demo server starting or stopping with the active
// profile), because then it describes a connection that no longer exists.
import type { ConnectionReport } from '../../../src-shared/contract';
import type { Connection } from '../api';
import { ProfileError, connectionForProfile, type ProfileService } from '../profiles';
import { probeConnection, silent, type Findings } from './probeConnection';
import { invalidAddress } from './problems';

export interface ConnectionTesterDeps {
  profiles: ProfileService;
  now?: () => number;
  fetch?: typeof fetch;
  /** How long a report that reached the service stays fresh (default 5 minutes). */
  ttlMs?: number;
  /**
   * How long a report that found nothing answering stays fresh (default 10 s): the person is probably
   * starting the server or fixing the address right now, and expects the next test to see it.
   */
  unreachableTtlMs?: number;
  /** Time limit of each probe request (default 5 s). */
  probeTimeoutMs?: number;
}

/** Probes a profile's service: reachability, credential, capabilities. */
export interface ConnectionTester {
  test(profileId: string, options: { refresh: boolean }): Promise<ConnectionReport>;
}

export interface DisposableConnectionTester extends ConnectionTester {
  /** Stops listening for profile changes. */
  dispose(): void;
}

interface CacheEntry {
  report: ConnectionReport;
  freshUntil: number;
}

const defaultTtlMs = 5 * 60_000;
const defaultUnreachableTtlMs = 10_000;
const defaultProbeTimeoutMs = 5_000;

export function createConnectionTester(deps: ConnectionTesterDeps): DisposableConnectionTester {
  return new CachingConnectionTester(deps);
}

class CachingConnectionTester implements DisposableConnectionTester {
  private readonly now: () => number;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<ConnectionReport>>();
  /** Bumped on every change, so a probe that started before the change never fills the cache. */
  private readonly generations = new Map<string, number>();
  private readonly stopListening: () => void;

  constructor(private readonly deps: ConnectionTesterDeps) {
    this.now = deps.now ?? Date.now;
    this.stopListening = deps.profiles.onChange((change) => {
      // Switching the active profile starts or stops the Demo server, which moves its address: every
      // report may be stale, and switching is rare enough that starting over costs nothing.
      if (change.kind === 'active') this.forgetAll();
      else this.forget(change.profileId);
    });
  }

  test(profileId: string, options: { refresh: boolean }): Promise<ConnectionReport> {
    const cached = this.cache.get(profileId);
    if (!options.refresh && cached !== undefined && cached.freshUntil > this.now()) {
      return Promise.resolve(cached.report);
    }
    // A test already under way is as fresh as a new one would be: share it rather than probe twice.
    const running = this.inFlight.get(profileId);
    if (running !== undefined) return running;
    const generation = this.generationOf(profileId);
    const probe = this.run(profileId)
      .then((report) => {
        if (this.generationOf(profileId) === generation) {
          this.cache.set(profileId, { report, freshUntil: this.now() + this.ttlFor(report) });
        }
        return report;
      })
      .finally(() => {
        if (this.inFlight.get(profileId) === probe) this.inFlight.delete(profileId);
      });
    this.inFlight.set(profileId, probe);
    return probe;
  }

  dispose(): void {
    this.stopListening();
    this.forgetAll();
  }

  private async run(profileId: string): Promise<ConnectionReport> {
    const findings = await this.findings(profileId);
    return { profileId, checkedAt: new Date(this.now()).toISOString(), ...findings };
  }

  private async findings(profileId: string): Promise<Findings> {
    let connection: Connection;
    try {
      connection = await connectionForProfile(this.deps.profiles, profileId);
    } catch (error) {
      // A profile that exists but cannot be reached yet (the Demo server stopped, no address) is a
      // finding; an unknown profile id is the caller's mistake and goes back as the typed error it is.
      if (error instanceof ProfileError && error.code !== 'not_found') {
        return silent(
          error.code === 'demo_not_running'
            ? { code: 'demo_not_running', message: error.message }
            : invalidAddress(error.message),
        );
      }
      throw error;
    }
    return probeConnection(connection, {
      now: this.now,
      timeoutMs: this.deps.probeTimeoutMs ?? defaultProbeTimeoutMs,
      ...(this.deps.fetch === undefined ? {} : { fetch: this.deps.fetch }),
    });
  }

  private ttlFor(report: ConnectionReport): number {
    const ttl = this.deps.ttlMs ?? defaultTtlMs;
    return report.reachable ? ttl : Math.min(ttl, this.deps.unreachableTtlMs ?? defaultUnreachableTtlMs);
  }

  private generationOf(profileId: string): number {
    return this.generations.get(profileId) ?? 0;
  }

  private forget(profileId: string): void {
    this.cache.delete(profileId);
    this.inFlight.delete(profileId);
    this.generations.set(profileId, this.generationOf(profileId) + 1);
  }

  private forgetAll(): void {
    for (const profileId of new Set([...this.cache.keys(), ...this.inFlight.keys()])) this.forget(profileId);
  }
}
