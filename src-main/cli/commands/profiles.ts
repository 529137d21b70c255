// `loupe profiles add|list|remove|test|use`: the saved connections, shared with the Loupe app (same store,
// same keychain entries). A key is read from stdin only, goes to the keychain only, and is never printed.
import type { Connection } from '../../core/api';
import { probeConnection } from '../../core/capabilities';
import type { Profile } from '../../core/profiles';
import type { CommandContext, CommandSpec } from '../commandSpec';
import {
  connectionTestDocument,
  connectionTestLines,
  connectionTestPassed,
  type TestedConnection,
} from '../connectionTestOutput';
import { surfaceSchema } from '../env';
import { exitCodes } from '../exitCodes';
import { table } from '../format';
import { partnerKeyChoice, partnerKeyHelp, partnerKeyOptions } from '../partnerKeyOption';
import { readSecret } from '../secretInput';
import { visible } from '../terminalText';

export function describeProfile(profile: Profile): Record<string, unknown> {
  return {
    id: profile.id,
    name: profile.name,
    surface: profile.surface,
    baseUrl: profile.baseUrl,
    routerBaseUrl: profile.routerBaseUrl ?? null,
    hasCredential: profile.hasCredential,
    sendPartnerKey: profile.sendPartnerKey,
    builtIn: profile.builtIn ?? null,
  };
}

const add: CommandSpec = {
  words: ['profiles', 'add'],
  summary: 'Save a connection profile (the key, if any, goes to the system keychain)',
  positionals: ['NAME'],
  options: {
    surface: { type: 'string' },
    url: { type: 'string' },
    'router-url': { type: 'string' },
    'api-key-stdin': { type: 'boolean' },
    ...partnerKeyOptions,
  },
  optionHelp: [
    { flag: '--surface S', text: 'self-hosted, managed or serverless (required)' },
    { flag: '--url U', text: 'the service address (default for self-hosted: http://127.0.0.1:8189)' },
    { flag: '--router-url U', text: 'the Router address, when it is not the service address' },
    { flag: '--api-key-stdin', text: 'read the API key from standard input (never pass it as an argument)' },
    partnerKeyHelp,
  ],
  details:
    'Example:\n  printf %s "$KEY" | loupe profiles add prod --surface managed --url https://api.example.com --api-key-stdin',
  usesConnection: false,
  async run({ args, io, out, session }: CommandContext) {
    const surfaceText = args.string('surface');
    if (surfaceText === undefined)
      throw args.usageError('--surface is required (self-hosted, managed or serverless).');
    const surface = surfaceSchema.safeParse(surfaceText);
    if (!surface.success)
      throw args.usageError(
        `--surface ${visible(surfaceText)} is not a surface: use self-hosted, managed or serverless.`,
      );
    const sendPartnerKey = partnerKeyChoice(args);
    // The key first: a failed read leaves nothing half-saved.
    const secret = args.flag('api-key-stdin') ? await readSecret(io, 'API key (not shown): ') : null;
    const profiles = await session.profiles();
    const url = args.string('url');
    const routerUrl = args.string('router-url');
    let profile = await profiles.create({
      name: args.positional(0),
      surface: surface.data,
      ...(url === undefined ? {} : { baseUrl: url }),
      ...(routerUrl === undefined ? {} : { routerBaseUrl: routerUrl }),
      ...(sendPartnerKey === undefined ? {} : { sendPartnerKey }),
    });
    if (secret !== null) {
      try {
        await profiles.setCredential(profile.id, secret);
      } catch (error) {
        // Without its key the profile would fail later in a confusing way; take it back and say why now.
        await profiles.remove(profile.id).catch(() => undefined);
        throw error;
      }
      profile = await profiles.get(profile.id);
    }
    if (out.json) out.document({ profile: describeProfile(profile) });
    else {
      out.line(
        `Saved profile ${visible(profile.name)} (${profile.surface}, ${visible(profile.baseUrl ?? '')}).`,
      );
      if (profile.hasCredential) out.line('The API key is in the system keychain.');
      if (profile.sendPartnerKey) out.line('The key goes with workflows that use partner nodes.');
      out.note(
        `Use it with --profile ${JSON.stringify(profile.name)}, or make it the default with \`loupe profiles use\`.`,
      );
    }
    return exitCodes.ok;
  },
};

const list: CommandSpec = {
  words: ['profiles', 'list'],
  summary: 'List saved profiles (* marks the active one)',
  positionals: [],
  options: {},
  optionHelp: [],
  usesConnection: false,
  async run({ out, session }: CommandContext) {
    const profiles = await session.profiles();
    const all = await profiles.list();
    const activeId = profiles.activeId();
    if (out.json) {
      out.document({ activeProfileId: activeId, profiles: all.map(describeProfile) });
      return exitCodes.ok;
    }
    const rows = all.map((profile) => [
      profile.id === activeId ? '*' : ' ',
      profile.name,
      profile.surface,
      profile.baseUrl ?? (profile.builtIn === 'demo' ? '(runs inside the Loupe app)' : '-'),
      profile.hasCredential ? 'key saved' : 'no key',
    ]);
    for (const line of table([' ', 'NAME', 'SURFACE', 'ADDRESS', 'CREDENTIAL'], rows)) out.line(line);
    return exitCodes.ok;
  },
};

const remove: CommandSpec = {
  words: ['profiles', 'remove'],
  summary: 'Remove a profile, its saved key and its local history',
  positionals: ['NAME'],
  options: {},
  optionHelp: [],
  usesConnection: false,
  async run({ args, out, session }: CommandContext) {
    const profile = await session.findProfile(args.positional(0));
    await (await session.profiles()).remove(profile.id);
    if (out.json) out.document({ removed: describeProfile(profile) });
    else out.line(`Removed profile ${visible(profile.name)}.`);
    return exitCodes.ok;
  },
};

const use: CommandSpec = {
  words: ['profiles', 'use'],
  summary: 'Make a profile the active one (used when no --profile or LOUPE_BASE_URL is given)',
  positionals: ['NAME'],
  options: {},
  optionHelp: [],
  usesConnection: false,
  async run({ args, out, session }: CommandContext) {
    const profile = await (
      await session.profiles()
    ).setActive((await session.findProfile(args.positional(0))).id);
    if (out.json) out.document({ active: describeProfile(profile) });
    else out.line(`${visible(profile.name)} is now the active profile.`);
    return exitCodes.ok;
  },
};

/** Per request. Longer than the app's 5 s: a script run once over a slow link should still get its answer. */
const probeTimeoutMs = 10_000;

async function credentialSent(connection: Connection): Promise<boolean> {
  // An unreadable keychain is already the test's finding (credential_unavailable); here it means "none".
  const credential = await connection.credential().catch(() => null);
  return credential !== null;
}

const test: CommandSpec = {
  words: ['profiles', 'test'],
  summary: 'Test a profile (or the current connection): reachable, key accepted, what the service offers',
  positionals: [],
  optionalPositionals: ['NAME'],
  options: {},
  optionHelp: [],
  details: [
    'Without NAME, tests the connection the other commands would use (--profile, LOUPE_BASE_URL or the active profile).',
    'Reports reachability, the key, and what the service offers: listing jobs, logs, live events, the Router.',
    'Exit 0 when reachable with an accepted key (or none needed), 1 otherwise.',
  ].join('\n'),
  usesConnection: true,
  async run({ args, deps, out, session, signal }: CommandContext) {
    const name = args.optionalPositional(0);
    const target =
      name === undefined
        ? await session.target()
        : await session.profileTarget(await session.findProfile(name));
    const findings = await probeConnection(target.connection, {
      now: Date.now,
      timeoutMs: probeTimeoutMs,
      signal,
      ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
    });
    const tested: TestedConnection = {
      label: target.label,
      connection: target.connection,
      findings,
      credentialSent: await credentialSent(target.connection),
    };
    if (out.json) out.document(connectionTestDocument(tested));
    else for (const line of connectionTestLines(tested)) out.line(line);
    return connectionTestPassed(tested) ? exitCodes.ok : exitCodes.failed;
  },
};

export const profileCommands: readonly CommandSpec[] = [add, list, remove, use, test];
