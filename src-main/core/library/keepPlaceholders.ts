// The library's keep, export and drag-out calls until the keeper lands (issue 21's keep + thumbnails part,
// keepHandlers.ts): each answers `not_available` in words. createLibraryHandlers takes a real set in their place.
import { DomainError } from '../errors';
import type { CallHandlers } from '../rpc/dispatcher';

export type KeepCallNames =
  | 'library.keep'
  | 'library.keepMatching'
  | 'library.unkeep'
  | 'library.keepStatus'
  | 'library.setBudget'
  | 'library.keepRule'
  | 'library.setKeepRule'
  | 'library.export'
  | 'library.dragOut';
export type KeepHandlers = Pick<CallHandlers, KeepCallNames>;

const notYet = (): never => {
  throw new DomainError(
    'not_available',
    'Keeping, exporting and dragging library entries are not built yet.',
  );
};

export function keepPlaceholders(): KeepHandlers {
  return {
    'library.keep': notYet,
    'library.keepMatching': notYet,
    'library.unkeep': notYet,
    'library.keepStatus': notYet,
    'library.setBudget': notYet,
    'library.keepRule': notYet,
    'library.setKeepRule': notYet,
    'library.export': notYet,
    'library.dragOut': notYet,
  };
}
