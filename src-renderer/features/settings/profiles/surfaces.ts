import type { Surface } from '../../../../src-shared/contract';

export const SURFACES: readonly { value: Surface; label: string; short: string; hint: string }[] = [
  {
    value: 'self-hosted',
    label: 'Self-hosted proxy',
    short: 'self-hosted proxy',
    hint: 'Leave the address empty for http://127.0.0.1:8189.',
  },
  {
    value: 'managed',
    label: 'Managed service',
    short: 'managed service',
    hint: 'The base URL your provider gave you, e.g. https://api.example.com.',
  },
  {
    value: 'serverless',
    label: 'Serverless deployment',
    short: 'serverless',
    hint: "Your deployment's host, e.g. https://my-app.example.run.",
  },
];

export function surfaceLabel(surface: Surface): string {
  return SURFACES.find((entry) => entry.value === surface)?.short ?? surface;
}
