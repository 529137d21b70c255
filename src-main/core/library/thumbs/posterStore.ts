// A video's poster frame, drawn by the window from the first frame (sharp cannot decode video) and handed to
// main by library.putPoster. The caller is not trusted (ARCHITECTURE rule 10): the bytes are bounded by the
// contract, must decode as a picture of bounded size, and are always re-encoded here as WebP at most 384 px on
// the long side, so what is stored is Loupe's own thumbnail, never the page's file. It goes in the thumbnail
// cache under the video's hash, like every thumbnail, so a video is drawn once however many entries share it.
import sharp from 'sharp';
import { DomainError } from '../../errors';
import type { LoupeStore } from '../../store';
import type { KeepEntry } from '../../store/libraryKeepTable';
import { hexOf } from '../keep/libraryFolder';
import { isVideoEntry, THUMB_SIZE, type ThumbMaker } from './thumbMaker';
import { thumbUnavailableWords } from './thumbWords';

/** A poster is a frame of at most 4096 × 4096: a page sending more is not sending a frame. */
const POSTER_MAX_PIXELS = 4096 * 4096;
const POSTER_FORMATS: ReadonlySet<string> = new Set(['webp', 'png', 'jpeg']);

export interface PosterStoreDeps {
  store: LoupeStore;
  thumbs: Pick<ThumbMaker, 'hasThumb' | 'writeThumb' | 'learnHash'>;
}

export class PosterStore {
  constructor(private readonly deps: PosterStoreDeps) {}

  /**
   * The video's hash: the service's word, else learnt from its bytes (the kept copy, the disk cache, a Router
   * run's saved file, else the service), as a thumbnail's source is read. Without it the frame has nowhere to go.
   */
  private async hashOf(entry: KeepEntry): Promise<string> {
    try {
      return await this.deps.thumbs.learnHash(entry);
    } catch (error) {
      throw new DomainError(
        'conflict',
        `Loupe does not know this video’s hash and could not read the video to learn it, so its poster frame has nowhere to go. ${thumbUnavailableWords(error)}`,
      );
    }
  }

  async put(entryId: number, bytes: Buffer): Promise<{ stored: boolean }> {
    const entry = this.deps.store.libraryKeep.get(entryId);
    if (entry === null) {
      throw new DomainError('not_found', `There is no library entry ${entryId}. It may have been removed.`);
    }
    if (!isVideoEntry(entry)) {
      throw new DomainError(
        'invalid_arguments',
        'Only a video has a poster frame; this entry is not a video.',
      );
    }
    const webp = await posterOf(bytes);
    const hash = await this.hashOf(entry);
    if (hexOf(hash) === null) {
      throw new DomainError('conflict', 'This video’s hash is not one Loupe can file a poster frame under.');
    }
    if (await this.deps.thumbs.hasThumb(hash)) {
      this.deps.store.libraryKeep.setThumbState(hash, 'ready', null);
      return { stored: false };
    }
    await this.deps.thumbs.writeThumb(hash, webp);
    this.deps.store.libraryKeep.setThumbState(hash, 'ready', null);
    return { stored: true };
  }
}

/** The sent picture as Loupe's own thumbnail, or a refusal in words when it is not a picture. */
async function posterOf(bytes: Buffer): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: POSTER_MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (!POSTER_FORMATS.has(meta.format)) throw new Error('not a frame');
    return await image
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new DomainError(
      'invalid_arguments',
      'The poster frame is not a WebP, PNG or JPEG picture Loupe can read (or it is larger than 4096 × 4096).',
    );
  }
}
