import { describe, expect, it } from 'vitest';
import { assetReference, referencedAssetId, takesPicture } from './imageInput';

const input = (target: string, classType: string, value: unknown) => ({
  target,
  classType,
  value: value as never,
  rule: null,
});

describe('an input that can take a library output', () => {
  it('is a Load… node’s image, a media file name, or an asset reference already', () => {
    expect(takesPicture(input('10.image', 'LoadImage', 'example.png'))).toBe(true);
    expect(takesPicture(input('10.image', 'LoadImage', 'anything'))).toBe(true);
    expect(takesPicture(input('4.ckpt_name', 'CheckpointLoaderSimple', 'model.safetensors'))).toBe(false);
    expect(takesPicture(input('3.seed', 'KSampler', 42))).toBe(false);
    expect(takesPicture(input('6.text', 'CLIPTextEncode', 'a lighthouse'))).toBe(false);
    expect(takesPicture(input('10.image', 'Whatever', assetReference('a1')))).toBe(true);
  });

  it('reads the asset id of a reference and nothing else', () => {
    expect(referencedAssetId(assetReference('a1'))).toBe('a1');
    expect(referencedAssetId({ __type: 'core/ASSET', info: { id: 3 } })).toBeNull();
    expect(referencedAssetId({ __type: 'other', info: { id: 'a1' } })).toBeNull();
    expect(referencedAssetId('a1')).toBeNull();
    expect(referencedAssetId(null)).toBeNull();
  });
});
