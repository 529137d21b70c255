// An image input: chosen from the Assets this profile knows (a link that works without Loupe goes into the
// field), or dropped as a file (read inline) — and a file of the wrong kind refused in words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssetSummary } from '../../../../../src-shared/contracts/assets';
import { argsOf, openModel, withModelsLayout } from '../../testing/modelPage';
import { ok, renderModels } from '../../testing/renderModels';
import { IMAGE_MODEL } from '../../testing/sampleModels';

withModelsLayout();

const asset = (assetId: string, name: string, contentType: string): AssetSummary => ({
  assetId,
  name,
  hash: null,
  sizeBytes: 1000,
  contentType,
  createdAt: null,
  expiresAt: null,
  jobId: null,
  origins: ['upload'],
});

const imageField = () => screen.getByLabelText<HTMLInputElement>('Image url');

describe('an image input', () => {
  it('takes a link to an asset chosen from Assets', async () => {
    const { calls } = renderModels({
      'assets.list': () =>
        ok({
          assets: [asset('a-photo', 'harbour.png', 'image/png'), asset('a-song', 'tune.wav', 'audio/wav')],
          nextCursor: null,
          total: 2,
        }),
      'assets.copyLink': () =>
        ok({ kind: 'signed', url: 'https://storage.example/harbour.png?sig=1', expiresAt: null }),
    });
    await openModel(IMAGE_MODEL);
    fireEvent.click(screen.getByRole('button', { name: 'From Assets…' }));
    const picker = screen.getByTestId('asset-picker');
    // Only what an image field can take is offered.
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(1));
    fireEvent.click(within(picker).getByRole('option'));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use this asset' }));
    await waitFor(() => expect(imageField().value).toBe('https://storage.example/harbour.png?sig=1'));
    expect(argsOf(calls, 'assets.copyLink')).toEqual([{ profileId: 'demo', assetId: 'a-photo' }]);
    expect(screen.queryByTestId('asset-picker')).toBeNull();
    expect(screen.getByTestId('media-field').textContent).toContain('Using harbour.png from Assets.');
  });

  it('says so when the connection has no links to give, and leaves the field as it was', async () => {
    renderModels({
      'assets.list': () =>
        ok({ assets: [asset('a-photo', 'harbour.png', 'image/png')], nextCursor: null, total: 1 }),
      'assets.copyLink': () => ok({ kind: 'none', message: 'A local proxy has no shareable links.' }),
    });
    await openModel(IMAGE_MODEL);
    fireEvent.click(screen.getByRole('button', { name: 'From Assets…' }));
    const picker = screen.getByTestId('asset-picker');
    fireEvent.click(await within(picker).findByRole('option'));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use this asset' }));
    expect((await within(picker).findByRole('alert')).textContent).toContain(
      'A local proxy has no shareable links.',
    );
    expect(imageField().value).toBe('');
  });

  it('reads a dropped picture inline, and refuses a file of another kind', async () => {
    renderModels();
    await openModel(IMAGE_MODEL);
    const field = screen.getByTestId('media-field');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'sketch.png', { type: 'image/png' });
    fireEvent.drop(field, { dataTransfer: { files: [png], getData: () => '' } });
    await waitFor(() => expect(field.textContent).toContain('Using sketch.png, inline.'));
    // The box says what it holds rather than showing the base64.
    expect(imageField().value).toMatch(/^\(inline image\/png, 0 KB\)$/);
    fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
    expect(JSON.parse(screen.getByTestId<HTMLTextAreaElement>('raw-json').value)).toMatchObject({
      image_url: 'data:image/png;base64,iVBORw==',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Form' }));

    const wav = new File([new Uint8Array([1])], 'tune.wav', { type: 'audio/wav' });
    fireEvent.drop(screen.getByTestId('media-field'), { dataTransfer: { files: [wav], getData: () => '' } });
    await waitFor(() =>
      expect(screen.getByTestId('media-field').textContent).toContain('tune.wav is audio/wav'),
    );
    expect(imageField().value).toMatch(/^\(inline image\/png/);
  });
});
