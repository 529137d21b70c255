import packageJson from '../../../package.json' with { type: 'json' };

/** The app version, from package.json, inlined at build time. */
export const LOUPE_VERSION: string = packageJson.version;
