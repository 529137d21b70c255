// Small inline icons (stroke, currentColor) so the app ships no icon font and no remote assets.
import type { ReactElement } from 'react';

function Icon({ d }: { d: string }): ReactElement {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

export const JobsIcon = () => <Icon d="M4 6h16M4 12h16M4 18h10" />;
export const BatchesIcon = () => <Icon d="M4 7l8-4 8 4-8 4-8-4zm0 5l8 4 8-4M4 17l8 4 8-4" />;
export const AssetsIcon = () => <Icon d="M4 5h16v14H4zM4 15l5-5 4 4 3-3 4 4" />;
export const ModelsIcon = () => <Icon d="M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3zm0 0v18M4 7.5l8 4.5 8-4.5" />;
export const SettingsIcon = () => (
  <Icon d="M12 9a3 3 0 100 6 3 3 0 000-6zm7.4 3a7.4 7.4 0 00-.1-1.3l2-1.6-2-3.4-2.4 1a7.3 7.3 0 00-2.2-1.3L14.3 2h-4l-.4 2.6a7.3 7.3 0 00-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.6l-2 1.6 2 3.4 2.4-1a7.3 7.3 0 002.2 1.3l.4 2.6h4l.4-2.6a7.3 7.3 0 002.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z" />
);
