import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawPhoto, fitWithin, photoFromFile, PHOTO_MAX_CHARS } from './photo';

afterEach(() => vi.restoreAllMocks());

/** A canvas whose 2D context records the drawing and whose JPEG is as long as `lengths` say. */
function fakeCanvas(lengths: number[]) {
  const canvas = document.createElement('canvas');
  const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(canvas, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  const toDataURL = vi
    .spyOn(canvas, 'toDataURL')
    .mockImplementation(() => `data:image/jpeg;base64,${'A'.repeat(lengths.shift() ?? 10)}`);
  return { canvas, context, toDataURL };
}

const image = {} as CanvasImageSource;

describe('the photo', () => {
  it('is scaled down to 256 px on its longer side, never up', () => {
    expect(fitWithin(1024, 768)).toEqual({ width: 256, height: 192 });
    expect(fitWithin(600, 3000)).toEqual({ width: 51, height: 256 });
    expect(fitWithin(120, 80)).toEqual({ width: 120, height: 80 });
  });

  it('is drawn at that size on white and kept as a JPEG data URL', () => {
    const { canvas, context, toDataURL } = fakeCanvas([5000]);
    const url = drawPhoto({ image, width: 2000, height: 1000 }, canvas);
    expect([canvas.width, canvas.height]).toEqual([256, 128]);
    expect(context.fillStyle).toBe('#ffffff');
    expect(context.drawImage).toHaveBeenCalledWith(image, 0, 0, 256, 128);
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.85);
    expect(url).toMatch(/^data:image\/jpeg;base64,A+$/);
  });

  it('is saved at a lower quality until it fits under 200 KB', () => {
    const { canvas, toDataURL } = fakeCanvas([PHOTO_MAX_CHARS + 1, PHOTO_MAX_CHARS + 1, 1000]);
    const url = drawPhoto({ image, width: 256, height: 256 }, canvas);
    expect(toDataURL.mock.calls.map((c) => c[1])).toEqual([0.85, 0.7, 0.55]);
    expect(url.length).toBeLessThanOrEqual(PHOTO_MAX_CHARS);
  });

  it('is refused when even the lowest quality is too large', () => {
    const { canvas } = fakeCanvas([1e6, 1e6, 1e6, 1e6]);
    expect(() => drawPhoto({ image, width: 256, height: 256 }, canvas)).toThrow(/200 KB/);
  });

  it('must be a PNG or JPEG file', async () => {
    await expect(photoFromFile(new File(['x'], 'face.gif', { type: 'image/gif' }))).rejects.toThrow(
      'Choose a PNG or JPEG picture',
    );
  });
});
