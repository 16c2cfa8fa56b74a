import { describe, expect, it } from 'vitest';
import { categorySvg, type FrameGeometry } from './frame-drawing';

const round: FrameGeometry = {
  shape: 'round',
  material: 'acetate',
  rim: 'full-rim',
  lensWidth: 48,
  bridgeWidth: 20,
  lensHeight: 42,
  frameWidth: 130,
  templeLength: 145,
  colourHex: '#1b1b1f',
  colourValue: 'black',
  sunLens: false,
};

describe('category pictures', () => {
  it('a category picture draws no words (the tile caption names the category once, in the store view’s language)', () => {
    const svg = categorySvg('#b5543a', round);
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/<text\b/);
  });
});
