// SCAFFOLD (library-base branch only; replaced before it reaches main): every library.* call answers
// `not_available` until the library core lands, so the contract type-checks while it is built.
import { DomainError } from '../errors';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';

type LibraryNames = Extract<keyof CallHandlers, `library.${string}`>;
type LibraryStreamNames = Extract<keyof StreamHandlers, `library.${string}`>;
export type LibraryHandlers = Pick<CallHandlers, LibraryNames> & Pick<StreamHandlers, LibraryStreamNames>;

const notYet = (): never => {
  throw new DomainError('not_available', 'The library is not built yet.');
};

export function createLibraryHandlers(): LibraryHandlers {
  return {
    'library.search': notYet,
    'library.facets': notYet,
    'library.get': notYet,
    'library.rate': notYet,
    'library.reject': notYet,
    'library.tag': notYet,
    'library.tags': notYet,
    'library.collections': notYet,
    'library.saveCollection': notYet,
    'library.deleteCollection': notYet,
    'library.keep': notYet,
    'library.keepMatching': notYet,
    'library.unkeep': notYet,
    'library.keepStatus': notYet,
    'library.setBudget': notYet,
    'library.keepRule': notYet,
    'library.setKeepRule': notYet,
    'library.export': notYet,
    'library.dragOut': notYet,
    'library.changes': notYet,
  };
}
