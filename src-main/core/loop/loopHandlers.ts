// The contract's creative-loop entries (contracts/loop.ts): compare, recipe, run with changes, bring over.
import type { CallHandlers } from '../rpc/dispatcher';
import type { ProfileService } from '../profiles';
import { DomainError } from '../errors';
import { bringOver, type TransferDeps } from './assetTransfer';
import { compareJobs, type CompareDeps } from './jobCompare';
import { jobRecipe, runWithChanges, type RecipeDeps } from './jobRecipe';

type LoopNames = 'jobs.compare' | 'jobs.recipe' | 'jobs.runWithChanges' | 'assets.bringOver';
export type LoopHandlers = Pick<CallHandlers, LoopNames>;

export type LoopDeps = CompareDeps & RecipeDeps & TransferDeps & { profiles: ProfileService };

function requireProfile(profiles: ProfileService, profileId: string): void {
  // The dispatcher checks the call's own profile; one named inside the arguments is checked here the same way.
  if (!profiles.exists(profileId)) {
    throw new DomainError('profile_not_found', 'There is no connection with this id.');
  }
}

export function createLoopHandlers(deps: LoopDeps): LoopHandlers {
  return {
    'jobs.compare': ({ jobs }) => {
      for (const ref of jobs) requireProfile(deps.profiles, ref.profileId);
      return compareJobs(deps, jobs);
    },
    'jobs.recipe': ({ profileId, jobId }) => jobRecipe(deps, profileId, jobId),
    'jobs.runWithChanges': ({ profileId, jobId, changes }) => runWithChanges(deps, profileId, jobId, changes),
    'assets.bringOver': async ({ profileId, fromProfileId, assetIds }) => {
      requireProfile(deps.profiles, fromProfileId);
      const assets = [];
      // One at a time: each is a small decision (a HEAD, then a mint or one upload), and order is the caller's.
      for (const assetId of assetIds) assets.push(await bringOver(deps, fromProfileId, profileId, assetId));
      return { assets };
    },
  };
}
