/**
 * The try-on page's pictures, all kept in the browser: the camera (getUserMedia), an uploaded photo,
 * the frames' try-on images, drawing the frame over the face, and snapshots as PNG object URLs.
 */
import type { CameraFailure, CameraProblem, FramePlacement, MediaSize } from '../../machines/try-on/try-on.machine';
import { frameBox, turnedFrame, viewTransform } from './try-on-geometry';
import { ShopFailure } from '../../machines/shared/shop-failure';

/** Photos larger than this are refused: a phone photo is 2–8 MB. */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;

export class CameraError extends Error implements CameraFailure {
  constructor(
    readonly problem: CameraProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CameraError';
  }
}

/** The reason getUserMedia failed, by its DOMException name. */
export function cameraProblemOfError(error: unknown): CameraProblem {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  return 'failed';
}

/** Starts the front camera into `video`; resolves with the picture size once it plays. */
export async function startCamera(video: HTMLVideoElement): Promise<MediaSize> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new ShopFailure('cameraMissing'), { problem: 'missing' as const });
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } } });
  } catch (error) {
    throw new CameraError(cameraProblemOfError(error), error instanceof Error ? error.message : String(error));
  }
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  if (!video.videoWidth) await new Promise((done) => video.addEventListener('loadedmetadata', done, { once: true }));
  return { width: video.videoWidth, height: video.videoHeight };
}

export function stopCamera(video: HTMLVideoElement | null): void {
  const stream = video?.srcObject;
  if (stream instanceof MediaStream) for (const track of stream.getTracks()) track.stop();
  if (video) video.srcObject = null;
}

/** Decodes a chosen photo into `image` (an object URL: the file never leaves the browser). */
export async function loadPhoto(image: HTMLImageElement, file: Blob): Promise<MediaSize> {
  if (!file.type.startsWith('image/')) throw new ShopFailure('photoNotPicture');
  if (file.size > MAX_PHOTO_BYTES) throw new ShopFailure('photoTooLarge');
  if (image.src.startsWith('blob:')) URL.revokeObjectURL(image.src);
  image.src = URL.createObjectURL(file);
  try {
    await image.decode();
  } catch {
    throw new ShopFailure('photoUnreadable');
  }
  return { width: image.naturalWidth, height: image.naturalHeight };
}

const frameImages = new Map<string, HTMLImageElement>();

/** A frame's try-on image, loaded once per URL. */
export function frameImage(url: string): HTMLImageElement {
  let image = frameImages.get(url);
  if (!image) {
    image = new Image();
    // a CDN-hosted image must allow CORS, or the canvas could not be saved as a snapshot
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.src = url;
    frameImages.set(url, image);
  }
  return image;
}

/**
 * Draws the picture and, when placed, the frame over it at its true width, turned by the head's roll
 * and foreshortened by its yaw.
 * Mirrored, the whole drawing (picture and frame together) is flipped, as a mirror shows a face
 * wearing glasses: each lens stays on its eye and the placement stays in source pixels. The canvas
 * then holds what the shopper sees, so a snapshot of it is mirrored the same way.
 */
export function drawTryOn(
  canvas: HTMLCanvasElement,
  source: CanvasImageSource,
  media: MediaSize,
  frame: { image: HTMLImageElement; widthMm: number } | null,
  placement: FramePlacement | null,
  mirrored = false,
): void {
  if (canvas.width !== media.width || canvas.height !== media.height) {
    canvas.width = media.width;
    canvas.height = media.height;
  }
  const context = canvas.getContext('2d');
  if (!context) return;
  context.save();
  context.setTransform(...viewTransform(mirrored, media.width));
  context.drawImage(source, 0, 0, media.width, media.height);
  if (frame && placement && frame.image.complete && frame.image.naturalWidth > 0) {
    const box = frameBox(placement, frame.widthMm, frame.image.naturalWidth / frame.image.naturalHeight);
    context.translate(box.centerX, box.centerY);
    context.rotate(box.roll);
    // turned with the head: two halves, foreshortened, the far temple hidden (try-on-geometry `turnedFrame`)
    const { naturalWidth: iw, naturalHeight: ih } = frame.image;
    const turned = turnedFrame(box.width, placement.yaw ?? 0);
    const leftFrom = iw * turned.hiddenLeft;
    context.drawImage(frame.image, leftFrom, 0, iw / 2 - leftFrom, ih, -turned.left, -box.height / 2, turned.left, box.height);
    context.drawImage(frame.image, iw / 2, 0, iw / 2 - iw * turned.hiddenRight, ih, 0, -box.height / 2, turned.right, box.height);
  }
  context.restore();
}

/** The shown canvases side by side as one PNG, as an object URL (revoke it when done). */
export async function snapshotOf(canvases: HTMLCanvasElement[]): Promise<{ url: string; width: number; height: number }> {
  const shown = canvases.filter((c) => c.width > 0 && c.height > 0);
  if (shown.length === 0) throw new ShopFailure('snapshotFailed', { detail: 'no picture shown' });
  const width = shown.reduce((sum, c) => sum + c.width, 0);
  const height = Math.max(...shown.map((c) => c.height));
  const sheet = document.createElement('canvas');
  sheet.width = width;
  sheet.height = height;
  const context = sheet.getContext('2d');
  if (!context) throw new ShopFailure('snapshotFailed', { detail: 'no 2D canvas context' });
  let x = 0;
  for (const canvas of shown) {
    context.drawImage(canvas, x, 0);
    x += canvas.width;
  }
  const blob = await new Promise<Blob | null>((done) => sheet.toBlob(done, 'image/png'));
  if (!blob) throw new ShopFailure('snapshotFailed', { detail: 'toBlob gave no blob' });
  return { url: URL.createObjectURL(blob), width, height };
}
