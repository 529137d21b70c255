import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  /** What will be here, in one or two sentences. */
  children: ReactNode;
  /** The next steps a person can take from here. */
  actions?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, children, actions, icon }: EmptyStateProps) {
  return (
    <div className="flex h-full items-center justify-center p-8">
      <div className="max-w-md text-center" role="status">
        {icon ? <div className="mb-3 flex justify-center text-faint">{icon}</div> : null}
        <h2 className="mb-2 text-base font-semibold text-fg">{title}</h2>
        <div className="text-sm leading-relaxed text-muted">{children}</div>
        {actions ? <div className="mt-5 flex flex-wrap justify-center gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
