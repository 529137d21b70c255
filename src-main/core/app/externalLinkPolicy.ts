// External links leave the app only when they are https, carry no credentials, and go to a host on the
// allow-list (Loupe's own documentation plus the hosts of the user's profiles). A raw openExternal on an
// arbitrary string is how desktop apps get turned into launchers for local programs.
const DEFAULT_HOSTS = ['github.com', 'docs.loupe.app'];

export class ExternalLinkPolicy {
  private readonly hosts: Set<string>;

  constructor(hosts: Iterable<string> = DEFAULT_HOSTS) {
    this.hosts = new Set([...hosts].map((host) => host.toLowerCase()));
  }

  allowHost(host: string): void {
    this.hosts.add(host.toLowerCase());
  }

  /** Returns the normalized URL when it may be opened, otherwise null. */
  check(raw: string): string | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    if (!this.hosts.has(url.hostname.toLowerCase())) return null;
    return url.toString();
  }
}
