/**
 * Phone photos are made small in the browser before they are sent: a 10 MB camera photo
 * over a mobile link would not arrive within the request timeout. Each photo is decoded
 * (EXIF orientation applied), its longest side brought to at most 1600 px and encoded as
 * JPEG at 0.85; a small thumbnail is kept for the chat log. Formats the server refuses (HEIC,
 * HEIF, GIF) and files that do not decode as an image are refused here, before any upload.
 */

export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.85;
export const THUMB_SIDE = 144;

const REFUSED = /^image\/(heic|heif|heic-sequence|heif-sequence|gif)$/i;
const REFUSED_NAME = /\.(heic|heif|gif)$/i;

export interface PreparedPhoto {
  /** What is uploaded. */
  file: File;
  /** A small JPEG data URL shown in the composer and kept in the conversation. */
  thumb: string;
}

/** HEIC/HEIF and GIF are refused by the server; say so before sending anything. */
export function isRefusedPhotoType(file: { type: string; name: string }): boolean {
  return REFUSED.test(file.type) || REFUSED_NAME.test(file.name) || !file.type.startsWith('image/');
}

/** The size a photo is drawn at: longest side at most `max`, never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function draw(bitmap: ImageBitmap, size: { width: number; height: number }): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  // JPEG has no transparency: a transparent PNG gets a white ground, not a black one.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas;
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality));
}

/** Decodes, downscales and re-encodes one photo; null when it is not a usable image. */
export async function preparePhoto(file: File): Promise<PreparedPhoto | null> {
  if (isRefusedPhotoType(file)) return null;
  // A browser without createImageBitmap sends the photo as it is (the server still checks it).
  if (typeof createImageBitmap !== 'function') return { file, thumb: URL.createObjectURL(file) };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const encoded = await toBlob(draw(bitmap, size), PHOTO_QUALITY);
    const unchanged = size.width === bitmap.width && size.height === bitmap.height;
    // A small photo that re-encoding would only make bigger goes as it is.
    const upload = unchanged && file.size <= encoded.size ? file : new File([encoded], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
    const thumb = draw(bitmap, fitWithin(bitmap.width, bitmap.height, THUMB_SIDE)).toDataURL('image/jpeg', 0.7);
    return { file: upload, thumb };
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
