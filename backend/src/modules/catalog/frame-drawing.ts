/**
 * Product pictures drawn from a frame's real geometry (lens width, bridge, lens height, frame
 * width, shape, rim, colour) as SVG, in millimetres: the shop's images always match the
 * measurements it sells, and the try-on image can be scaled to a face at true size.
 */

export interface FrameGeometry {
  shape: string;
  rim: string;
  material: string;
  lensWidth: number;
  bridgeWidth: number;
  lensHeight: number;
  frameWidth: number;
  templeLength: number;
  colourHex: string;
  colourValue: string;
  sunLens: boolean;
}

export type FrameView = 'front' | 'angled' | 'tryon';

/** Try-on images are drawn at 10 px per millimetre; the PNG records it as its density. */
export const TRYON_PX_PER_MM = 10;

const RIM_WIDTH: Record<string, number> = { acetate: 4.5, TR90: 3.5, mixed: 3, metal: 1.4, titanium: 1.1 };

/** Outline of one lens centred on (0, 0), w × h millimetres, as an SVG path. */
function lensPath(shape: string, w: number, h: number): string {
  const x = w / 2;
  const y = h / 2;
  switch (shape) {
    case 'round': {
      const r = Math.min(x, y + 2);
      return `M ${-r} 0 A ${r} ${r} 0 1 0 ${r} 0 A ${r} ${r} 0 1 0 ${-r} 0 Z`;
    }
    case 'oval':
      return `M ${-x} 0 A ${x} ${y} 0 1 0 ${x} 0 A ${x} ${y} 0 1 0 ${-x} 0 Z`;
    case 'square':
      return roundedRect(x, Math.max(y, x * 0.85), 4);
    case 'rectangle':
      return roundedRect(x, y, 3);
    case 'cat-eye':
      // the outer top corner sweeps up; drawn for the right lens (outer edge at +x)
      return `M ${-x} ${-y * 0.55} Q ${-x * 0.2} ${-y * 1.05} ${x * 0.72} ${-y * 1.15} Q ${x * 1.02} ${-y * 1.2} ${x} ${-y * 0.45}
        Q ${x * 0.95} ${y * 0.85} ${x * 0.2} ${y} Q ${-x * 0.75} ${y * 1.02} ${-x} ${y * 0.25} Z`;
    case 'aviator':
      // teardrop: straight brow, deep drop towards the nose
      return `M ${-x} ${-y * 0.8} L ${x} ${-y * 0.8} Q ${x * 1.08} ${y * 0.3} ${x * 0.4} ${y * 0.95}
        Q ${-x * 0.3} ${y * 1.2} ${-x * 0.85} ${y * 0.35} Q ${-x * 1.05} ${-y * 0.2} ${-x} ${-y * 0.8} Z`;
    case 'browline':
      return roundedRect(x, y, 6);
    case 'geometric': {
      const points = Array.from({ length: 8 }, (_, i) => {
        const a = (Math.PI / 4) * i + Math.PI / 8;
        return `${(Math.cos(a) * x * 1.06).toFixed(2)} ${(Math.sin(a) * y * 1.06).toFixed(2)}`;
      });
      return `M ${points.join(' L ')} Z`;
    }
    default:
      return roundedRect(x, y, 4);
  }
}

const roundedRect = (x: number, y: number, r: number) =>
  `M ${-x + r} ${-y} L ${x - r} ${-y} Q ${x} ${-y} ${x} ${-y + r} L ${x} ${y - r} Q ${x} ${y} ${x - r} ${y} L ${-x + r} ${y} Q ${-x} ${y} ${-x} ${y - r} L ${-x} ${-y + r} Q ${-x} ${-y} ${-x + r} ${-y} Z`;

function defs(g: FrameGeometry): string {
  const tortoise =
    g.colourValue === 'tortoise' || g.colourValue === 'honey'
      ? `<pattern id="tortoise" patternUnits="userSpaceOnUse" width="14" height="10"><rect width="14" height="10" fill="${g.colourHex}"/>
         <ellipse cx="3" cy="3" rx="3" ry="1.6" fill="#3b1f0e" opacity="0.75"/><ellipse cx="10" cy="7" rx="2.6" ry="1.4" fill="#2a160a" opacity="0.7"/>
         <ellipse cx="9" cy="2" rx="1.5" ry="0.8" fill="#d49a4e" opacity="0.6"/></pattern>`
      : '';
  const lens = g.sunLens
    ? '<linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2a33" stop-opacity="0.92"/><stop offset="1" stop-color="#3d4f5c" stop-opacity="0.78"/></linearGradient>'
    : '<linearGradient id="lens" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8f3fb" stop-opacity="0.35"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="1" stop-color="#cfe3f1" stop-opacity="0.3"/></linearGradient>';
  return `<defs>${tortoise}${lens}</defs>`;
}

/** The frame front, in millimetres, centred on (0, 0). */
function frontGroup(g: FrameGeometry): string {
  const paint = g.colourValue === 'tortoise' || g.colourValue === 'honey' ? 'url(#tortoise)' : g.colourHex;
  const rim = RIM_WIDTH[g.material] ?? 2;
  const lensOffset = g.bridgeWidth / 2 + g.lensWidth / 2;
  const path = lensPath(g.shape, g.lensWidth, g.lensHeight);
  const lens = (side: 1 | -1) => {
    const transform = `translate(${side * lensOffset} 0) scale(${side} 1)`;
    const glass = `<path d="${path}" fill="url(#lens)" stroke="none"/>`;
    if (g.rim === 'rimless') {
      return `<g transform="${transform}">${glass}<path d="${path}" fill="none" stroke="#9aa4ab" stroke-width="0.35" opacity="0.8"/></g>`;
    }
    if (g.rim === 'semi-rimless') {
      // only the upper half of the rim is drawn; a nylon thread holds the lens below
      return `<g transform="${transform}">${glass}<clipPath id="top${side}"><rect x="${-g.lensWidth}" y="${-g.lensHeight}" width="${g.lensWidth * 2}" height="${g.lensHeight * 0.95}"/></clipPath>
        <path d="${path}" fill="none" stroke="${paint}" stroke-width="${Math.max(rim, 2.6)}" clip-path="url(#top${side})"/>
        <path d="${path}" fill="none" stroke="#b8c0c6" stroke-width="0.3"/></g>`;
    }
    return `<g transform="${transform}">${glass}<path d="${path}" fill="none" stroke="${paint}" stroke-width="${rim}" stroke-linejoin="round"/></g>`;
  };
  const top = -g.lensHeight / 2;
  const bridgeY = top + g.lensHeight * 0.28;
  const bridge =
    g.rim === 'rimless' || g.material === 'metal' || g.material === 'titanium'
      ? `<path d="M ${-g.bridgeWidth / 2 - 1} ${bridgeY} Q 0 ${bridgeY - 5} ${g.bridgeWidth / 2 + 1} ${bridgeY}" fill="none" stroke="${paint}" stroke-width="${Math.max(rim, 1.2)}"/>`
      : `<path d="M ${-g.bridgeWidth / 2 - 1} ${bridgeY} Q 0 ${bridgeY - 6} ${g.bridgeWidth / 2 + 1} ${bridgeY}" fill="none" stroke="${paint}" stroke-width="${rim + 1}"/>`;
  const brow =
    g.shape === 'browline'
      ? `<path d="M ${-g.frameWidth / 2 + 3} ${top - 1} L ${g.frameWidth / 2 - 3} ${top - 1}" stroke="${paint}" stroke-width="5" stroke-linecap="round"/>`
      : '';
  const aviatorBar =
    g.shape === 'aviator'
      ? `<path d="M ${-g.bridgeWidth / 2 - 2} ${top + 1} L ${g.bridgeWidth / 2 + 2} ${top + 1}" stroke="${paint}" stroke-width="1.2"/>`
      : '';
  // end pieces reach the frame's full width: the try-on image spans exactly frame_width
  const lensOuter = g.bridgeWidth / 2 + g.lensWidth;
  const endWidth = Math.max(g.frameWidth / 2 - lensOuter, 1.5);
  const hinges = [-1, 1]
    .map(
      (s) =>
        `<rect x="${s > 0 ? lensOuter - 0.5 : -lensOuter - endWidth + 0.5}" y="${top + g.lensHeight * 0.18}" width="${endWidth}" height="4" rx="1" fill="${paint}"/>`,
    )
    .join('');
  const pads =
    g.material === 'metal' || g.material === 'titanium' || g.rim === 'rimless'
      ? [-1, 1]
          .map((s) => `<ellipse cx="${(s * g.bridgeWidth) / 2}" cy="${bridgeY + 8}" rx="1.6" ry="3" fill="#e9eef1" stroke="#aab3b9" stroke-width="0.3"/>`)
          .join('')
      : '';
  return `${lens(1)}${lens(-1)}${bridge}${brow}${aviatorBar}${hinges}${pads}`;
}

/** A complete SVG image of the frame for `view`, with its size in pixels. */
export function frameSvg(g: FrameGeometry, view: FrameView): { svg: string; width: number; height: number } {
  if (view === 'tryon') {
    // true scale: the image spans exactly the frame width, transparent around the frame
    const width = Math.round(g.frameWidth * TRYON_PX_PER_MM);
    const heightMm = g.lensHeight + 16;
    const height = Math.round(heightMm * TRYON_PX_PER_MM);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${-g.frameWidth / 2} ${-heightMm / 2} ${g.frameWidth} ${heightMm}">${defs(g)}${frontGroup(g)}</svg>`;
    return { svg, width, height };
  }
  // catalog pictures: 1200 × 1500 (the storefront's 0.8 aspect ratio) on a soft studio backdrop
  const width = 1200;
  const height = 1500;
  const viewMm = g.frameWidth * 1.25;
  const heightMm = viewMm / 0.8;
  const backdrop = `<rect x="${-viewMm / 2}" y="${-heightMm / 2}" width="${viewMm}" height="${heightMm}" fill="#f4f1ec"/>
    <ellipse cx="0" cy="${g.lensHeight / 2 + 14}" rx="${g.frameWidth * 0.42}" ry="3.5" fill="#000" opacity="0.08"/>`;
  const frame =
    view === 'front'
      ? frontGroup(g)
      : // three-quarter view: the front turned away and a temple reaching back
        `<g transform="translate(${-g.frameWidth * 0.1} 0) skewY(-6) scale(0.82 1)">
           <path d="M ${g.frameWidth / 2 - 2} ${-g.lensHeight * 0.28} L ${g.frameWidth / 2 + g.templeLength * 0.22} ${-g.lensHeight * 0.22} Q ${g.frameWidth / 2 + g.templeLength * 0.3} ${-g.lensHeight * 0.1} ${g.frameWidth / 2 + g.templeLength * 0.27} ${g.lensHeight * 0.15}"
             fill="none" stroke="${g.colourValue === 'tortoise' || g.colourValue === 'honey' ? 'url(#tortoise)' : g.colourHex}" stroke-width="${(RIM_WIDTH[g.material] ?? 2) * 0.8}" stroke-linecap="round"/>
           ${frontGroup(g)}
         </g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${-viewMm / 2} ${-heightMm / 2} ${viewMm} ${heightMm}">${defs(g)}${backdrop}${frame}</svg>`;
  return { svg, width, height };
}

/**
 * A category picture: a frame silhouette over a colour field. No words: the tile's caption names
 * the category, in the store view's language (a name drawn in too read it twice).
 */
export function categorySvg(accent: string, g: FrameGeometry): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="1200" viewBox="-96 -120 192 240">
    <rect x="-96" y="-120" width="192" height="240" fill="${accent}"/>
    <circle cx="40" cy="-70" r="60" fill="#ffffff" opacity="0.12"/>
    ${defs(g)}<g transform="translate(0 0) scale(1.15)">${frontGroup(g)}</g>
  </svg>`;
}

/** A colour swatch: a disc of the colour (tortoise drawn with its pattern). */
export function swatchSvg(hex: string, colourValue: string): string {
  const g = { colourHex: hex, colourValue, sunLens: false } as FrameGeometry;
  const fill = colourValue === 'tortoise' || colourValue === 'honey' ? 'url(#tortoise)' : hex;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 40 40">${defs(g)}
    <circle cx="20" cy="20" r="18" fill="${fill}" stroke="#00000022" stroke-width="1"/></svg>`;
}
