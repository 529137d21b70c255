// Help text, generated from the command specs so it cannot drift from what the parser accepts.
import type { CommandSpec } from './commandSpec';
import { groupSummaries } from './commandTable';

const connectionHelp = [
  'Connection (first that applies):',
  '  --profile NAME      a saved profile (see `loupe profiles list`)',
  '  LOUPE_BASE_URL      the service address, with LOUPE_SURFACE (self-hosted|managed|serverless,',
  '                      default self-hosted), LOUPE_API_KEY and LOUPE_ROUTER_URL',
  '  otherwise           the active profile (`loupe profiles use NAME`)',
  '  --data-dir DIR      where saved profiles live (default: LOUPE_DATA_DIR or the per-user config folder)',
];

function usageLine(spec: CommandSpec): string {
  const positionals = [...spec.positionals, ...(spec.optionalPositionals ?? []).map((name) => `[${name}]`)];
  const options = spec.optionHelp.length > 0 ? ['[options]'] : [];
  return ['loupe', ...spec.words, ...positionals, ...options].join(' ');
}

function commandList(specs: readonly CommandSpec[]): string[] {
  const width = Math.max(...specs.map((spec) => spec.words.join(' ').length));
  return specs.map((spec) => `  ${spec.words.join(' ').padEnd(width)}  ${spec.summary}`);
}

export function overviewHelp(specs: readonly CommandSpec[]): string {
  const groups = Object.entries(groupSummaries).map(([group, summary]) => `  ${group.padEnd(9)} ${summary}`);
  return [
    'loupe: the Loupe command line, for the workflow-execution service.',
    '',
    'Usage: loupe <command> [arguments] [--json] [--profile NAME]',
    '',
    'Command groups:',
    ...groups,
    '',
    'Commands:',
    ...commandList(specs),
    '',
    'Every command takes --json (machine-readable output: one JSON document, JSON lines for watch) and',
    '--help. Errors go to stderr with their code and what to do next; usage errors exit 2.',
    'When Loupe\u2019s own data file is damaged a command prints one line and exits 4 (5 when the disk refuses:',
    'read-only, full); `loupe store check` says what is wrong and `loupe store start-fresh` moves it aside.',
    '',
    ...connectionHelp,
  ].join('\n');
}

export function groupHelp(group: string, specs: readonly CommandSpec[]): string {
  const members = specs.filter((spec) => spec.words[0] === group);
  return [
    `Usage: loupe ${group} <command> [arguments]`,
    '',
    'Commands:',
    ...commandList(members),
    '',
    `Run \`loupe ${group} <command> --help\` for details.`,
  ].join('\n');
}

export function commandHelp(spec: CommandSpec): string {
  const width = Math.max(16, ...spec.optionHelp.map((option) => option.flag.length));
  const options = [
    ...spec.optionHelp.map((option) => `  ${option.flag.padEnd(width)}  ${option.text}`),
    `  ${'--json'.padEnd(width)}  machine-readable output`,
    `  ${'-h, --help'.padEnd(width)}  this help`,
  ];
  return [
    `Usage: ${usageLine(spec)}`,
    '',
    spec.summary + '.',
    '',
    'Options:',
    ...options,
    ...(spec.details === undefined ? [] : ['', spec.details]),
    ...(spec.usesConnection ? ['', ...connectionHelp] : []),
  ].join('\n');
}
