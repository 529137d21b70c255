import type { ReactNode } from 'react';
import { useUiStore } from '../stores/uiStore';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

interface NoConnectionChosenProps {
  icon: ReactNode;
  /** What the screen shows once a connection is chosen. */
  children: ReactNode;
}

/** Batches and assets belong to a profile: with none chosen, both say so and point to where one is chosen. */
export function NoConnectionChosen({ icon, children }: NoConnectionChosenProps) {
  const setSection = useUiStore((state) => state.setSection);
  return (
    <EmptyState
      icon={icon}
      title="No connection chosen"
      actions={
        <Button variant="primary" onClick={() => setSection('jobs')}>
          Choose a connection
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
