/**
 * Draws a slip in Debian's Chromium (as the project launches it, scripts/chromium.ts): the page
 * screenshot is the flat PNG, and a second page lays that PNG on a desk with CSS 3D (tilt, rotation),
 * defocus blur, a shading gradient and a glare spot, saved as the phone photo (JPEG, 1200 px long side).
 */
import type { Browser, Page } from 'playwright';
import { slipHtml, SLIP_WIDTH_PX } from './html';
import type { Distortion, Slip } from './slip';

export const PHOTO_LONG_SIDE = 1200;
export const PHOTO_SHORT_SIDE = 900;
/** The camera's distance for the CSS perspective (px): smaller is a stronger keystone. */
export const PERSPECTIVE_PX = 1500;

export async function renderFlat(page: Page, slip: Slip): Promise<Buffer> {
  await page.setViewportSize({ width: SLIP_WIDTH_PX, height: 1000 });
  await page.setContent(slipHtml(slip), { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.locator('#slip').screenshot({ type: 'png' });
}

/**
 * Where the paper sits in the photo, before tilt: scaled so the turned paper fits the frame. The photo
 * is held the way the paper lies (slips are wider than tall: landscape).
 */
export function paperPlacement(distortion: Distortion, paper: { width: number; height: number }) {
  const [frameWidth, frameHeight] = paper.width >= paper.height ? [PHOTO_LONG_SIDE, PHOTO_SHORT_SIDE] : [PHOTO_SHORT_SIDE, PHOTO_LONG_SIDE];
  const turn = (Math.abs(distortion.rotationDeg) * Math.PI) / 180;
  const aspect = paper.height / paper.width;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const width = Math.min((distortion.paperFill * frameWidth) / (cos + aspect * sin), (distortion.paperFill * frameHeight) / (sin + aspect * cos));
  const height = width * aspect;
  const boxWidth = width * cos + height * sin;
  const boxHeight = width * sin + height * cos;
  const left = (frameWidth - width) / 2 + ((distortion.offset[0] * (frameWidth - boxWidth)) / 2) * 0.8;
  const top = (frameHeight - height) / 2 + ((distortion.offset[1] * (frameHeight - boxHeight)) / 2) * 0.8;
  return { frameWidth, frameHeight, width, height, left, top };
}

export function photoHtml(flatDataUrl: string, distortion: Distortion, paper: { width: number; height: number }): string {
  const p = paperPlacement(distortion, paper);
  const [gx, gy] = distortion.glareAt;
  const glareRadius = Math.round(Math.min(p.frameWidth, p.frameHeight) * 0.28);
  return `<!doctype html><html><head><style>
html, body { margin: 0; width: ${p.frameWidth}px; height: ${p.frameHeight}px; overflow: hidden; background: #222; }
#shot { position: absolute; inset: 0; filter: blur(${distortion.blurPx}px); }
#desk { position: absolute; inset: -20px; background: ${distortion.desk}; }
#stage { position: absolute; inset: 0; perspective: ${PERSPECTIVE_PX}px; perspective-origin: 50% 50%; }
#paper { position: absolute; left: ${p.left.toFixed(1)}px; top: ${p.top.toFixed(1)}px; width: ${p.width.toFixed(1)}px; height: ${p.height.toFixed(1)}px;
  transform: rotateZ(${distortion.rotationDeg}deg) rotateX(${distortion.tiltXDeg}deg) rotateY(${distortion.tiltYDeg}deg);
  box-shadow: 0 14px 40px rgba(0,0,0,0.55); }
#shade { position: absolute; inset: 0; background: linear-gradient(${distortion.shadingAngleDeg}deg, rgba(0,0,0,${distortion.shading}) 0%, rgba(0,0,0,${(distortion.shading * 0.35).toFixed(3)}) 45%, rgba(0,0,0,0) 80%); }
#glare { position: absolute; inset: 0; background: radial-gradient(circle ${glareRadius}px at ${(gx * 100).toFixed(0)}% ${(gy * 100).toFixed(0)}%,
  rgba(255,255,250,${distortion.glare}) 0%, rgba(255,255,250,${(distortion.glare * 0.45).toFixed(3)}) 40%, rgba(255,255,250,0) 100%); }
</style></head><body><div id="shot"><div id="desk"></div><div id="stage"><img id="paper" src="${flatDataUrl}"></div><div id="shade"></div><div id="glare"></div></div></body></html>`;
}

/** The paper's corners in the photo, in pixels: top left, top right, bottom right, bottom left of the slip. */
export type Corners = [[number, number], [number, number], [number, number], [number, number]];

export async function renderPhoto(page: Page, flat: Buffer, distortion: Distortion): Promise<{ jpeg: Buffer; corners: Corners }> {
  const paper = pngSize(flat);
  const p = paperPlacement(distortion, paper);
  await page.setViewportSize({ width: p.frameWidth, height: p.frameHeight });
  await page.setContent(photoHtml(`data:image/png;base64,${flat.toString('base64')}`, distortion, paper), { waitUntil: 'load' });
  const corners = await page.evaluate(async (perspective) => {
    const img = document.querySelector<HTMLImageElement>('#paper')!;
    await img.decode();
    // the stage's perspective about the frame's centre, then the paper's own transform about its centre
    const [frameWidth, frameHeight] = [window.innerWidth, window.innerHeight];
    const [width, height] = [img.offsetWidth, img.offsetHeight];
    const depth = new DOMMatrix();
    depth.m34 = -1 / perspective;
    const whole = new DOMMatrix()
      .translate(frameWidth / 2, frameHeight / 2)
      .multiply(depth)
      .translate(-frameWidth / 2, -frameHeight / 2)
      .translate(img.offsetLeft + width / 2, img.offsetTop + height / 2)
      .multiply(new DOMMatrix(getComputedStyle(img).transform))
      .translate(-width / 2, -height / 2);
    return [
      [0, 0],
      [width, 0],
      [width, height],
      [0, height],
    ].map(([x, y]) => {
      const q = whole.transformPoint(new DOMPoint(x, y, 0, 1));
      return [Math.round((q.x / q.w) * 10) / 10, Math.round((q.y / q.w) * 10) / 10];
    });
  }, PERSPECTIVE_PX);
  return { jpeg: await page.screenshot({ type: 'jpeg', quality: distortion.jpegQuality }), corners: corners as Corners };
}

/** Width and height from a PNG's header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export async function newSlipPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  return context.newPage();
}
