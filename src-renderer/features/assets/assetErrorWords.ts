// What an assets error means and what to do about it, in words (rule 9). The host's message says what
// happened; this adds the next step. The raw code stays one click away where these are shown.
import { errorText, type ErrorText } from '../../components/errorText';

export interface AssetErrorWords extends ErrorText {
  /** A short heading for the error. */
  title: string;
}

const WORDS: Record<string, { title: string; nextStep: string }> = {
  asset_in_use: {
    title: 'Still in use',
    nextStep:
      'Delete it once the job that uses it is gone, or let it expire. Other assets over the same bytes are ' +
      'not affected.',
  },
  // A delete that finds nothing is shown as done (DeleteAssetButton), so these words are for reading.
  asset_not_found: {
    title: 'Not found',
    nextStep:
      'Check the id or hash. An asset is visible only to the account that made it, and it is gone once it ' +
      'expires or is deleted.',
  },
  invalid_query: {
    title: 'Not an id or a hash',
    nextStep: 'Paste an asset id, or a hash written as blake3: and 64 hexadecimal digits.',
  },
  no_active_profile: {
    title: 'No connection chosen',
    nextStep: 'Choose a connection in the profile menu: assets belong to a profile.',
  },
  unauthorized: { title: 'Key refused', nextStep: 'Check the API key in Settings → Profiles.' },
  network: {
    title: 'Service unreachable',
    nextStep: 'Check that the service is running and reachable, then try again.',
  },
};

export function assetErrorWords(error: unknown, fallbackTitle: string): AssetErrorWords {
  const text = errorText(error);
  const words = WORDS[text.code];
  return {
    ...text,
    title: words?.title ?? fallbackTitle,
    nextStep: words?.nextStep ?? text.nextStep,
  };
}
