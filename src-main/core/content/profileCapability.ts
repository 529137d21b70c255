// The asset route's secret is per profile (issue 20: one rule for "may this page read that profile's bytes"):
// the launch's capability keyed with the profile id. A URL minted for one profile's assets opens only that
// profile's, so a leaked picture address cannot be edited into another profile's bytes, and the route and the
// contract calls (which name their profile) answer the same question the same way.
import { createHmac } from 'node:crypto';

export function profileCapability(launchCapability: string, profileId: string): string {
  return createHmac('sha256', launchCapability).update(`asset-route\0${profileId}`).digest('base64url');
}
