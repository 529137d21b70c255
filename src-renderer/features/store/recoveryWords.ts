import type { StoreRecoveryAction } from '../../../src-shared/contract';

/** Each action's button, and what it does in one line (the button's title). */
export const RECOVERY_WORDS: Record<StoreRecoveryAction, { label: string; explains: string }> = {
  start_fresh: {
    label: 'Move it aside and start fresh',
    explains: 'Renames the damaged file (nothing is deleted) and opens an empty store.',
  },
  restore_backup: {
    label: 'Restore the newest backup',
    explains: 'Renames the damaged file (nothing is deleted) and puts the newest backup in its place.',
  },
  keep_what_is_left: {
    label: 'Keep what is left',
    explains: 'Copies the files aside, then opens the data as it was before the lost changes.',
  },
  check_again: {
    label: 'Check again',
    explains: 'Looks at the data file again, once the disk or folder is fixed.',
  },
};
