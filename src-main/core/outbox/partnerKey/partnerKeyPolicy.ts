// Whether a submission goes with the profile's key in `extra_data` (issue 20): only when the user chose it for
// this profile, and then only for a workflow that uses a partner node, or for every workflow where the service
// does not say which nodes those are. It decides; it never holds the key (the http layer adds it as the
// request leaves, partnerKeyBody.ts). When unsure whether the user chose it, the answer is no.
import type { PartnerClasses } from './partnerNodeCatalog';

export interface PartnerKeyPolicyDeps {
  /** The profile's choice, read per submission (Connection.sendsPartnerKey). */
  choice: () => boolean;
  catalog: { classes(): Promise<PartnerClasses> };
}

/** The class_type of every node of an API-format graph. */
export function classTypesOf(workflow: Readonly<Record<string, unknown>>): Set<string> {
  const classes = new Set<string>();
  for (const node of Object.values(workflow)) {
    if (typeof node !== 'object' || node === null || !('class_type' in node)) continue;
    if (typeof node.class_type === 'string') classes.add(node.class_type);
  }
  return classes;
}

export class PartnerKeyPolicy {
  constructor(private readonly deps: PartnerKeyPolicyDeps) {}

  async wants(workflow: Readonly<Record<string, unknown>>): Promise<boolean> {
    if (!this.chosen()) return false;
    const partner = await this.deps.catalog.classes();
    if (partner === 'unknown') return true;
    return [...classTypesOf(workflow)].some((classType) => partner.has(classType));
  }

  private chosen(): boolean {
    try {
      return this.deps.choice();
    } catch {
      // The profile could not be read (removed a moment ago, a damaged row): no key without a clear yes.
      return false;
    }
  }
}
