// A person's photo, made small in the browser before it is sent: at most 256 px on its longer
// side, as a JPEG data URL that stays under the server's 200 KB limit (set_person's photo).

export const PHOTO_MAX_SIDE = 256;
/** set_person takes at most 280,000 characters of data URL; a margin is kept. */
export const PHOTO_MAX_CHARS = 270_000;
export const PHOTO_TYPES = ['image/png', 'image/jpeg'];
/** Lower JPEG qualities tried in turn until the photo fits. */
const QUALITIES = [0.85, 0.7, 0.55, 0.4];

/** The size of a `width` × `height` picture scaled down (never up) to fit `max` on both sides. */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export interface PhotoSource {
  width: number;
  height: number;
  image: CanvasImageSource;
}

/** Draws the picture scaled into a canvas and answers the JPEG data URL that fits. */
export function drawPhoto(
  source: PhotoSource,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): string {
  const size = fitWithin(source.width, source.height);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize pictures');
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(source.image, 0, 0, size.width, size.height);
  for (const quality of QUALITIES) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length <= PHOTO_MAX_CHARS) return url;
  }
  throw new Error('The photo is too detailed to fit in 200 KB; choose another picture');
}

function loadImage(file: File): Promise<PhotoSource> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ image, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(`${file.name} could not be read as a picture`));
    };
    image.src = url;
  });
}

/** A PNG or JPEG file as the small JPEG data URL set_person stores. */
export async function photoFromFile(file: File): Promise<string> {
  if (!PHOTO_TYPES.includes(file.type)) throw new Error('Choose a PNG or JPEG picture');
  return drawPhoto(await loadImage(file));
}
