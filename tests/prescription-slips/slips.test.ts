/**
 * The slip generator's pure parts: the same seed gives the same set, values stay within what
 * opticians print and the eyewear rules accept (rules/eyewear/prescription.ts), each language prints
 * its own words, numbers and dates, and plus-cylinder slips carry minus-cylinder truths.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPrescription, oldestExamDate, signedPower, toMinusCylinder } from '../../rules/eyewear/prescription';
import { decimalText, eyeCells, powerText } from './format';
import { slipHtml } from './html';
import { formatSlipDate, LANGUAGES, SLIP_LANGUAGES } from './languages';
import { manifestEntry, manifestOf, type Manifest } from './manifest';
import { paperPlacement, PHOTO_LONG_SIDE, PHOTO_SHORT_SIDE } from './render';
import { CAMERA_SAMPLE_CELL, sampleSlips, SAMPLE_CELLS } from './samples';
import { createRandom } from './prng';
import { SLIP_SET } from './set';
import { DISTORTION_BANDS, makeSlip, makeSlips, slipCell, SLIP_LAYOUTS, toPlusCylinder } from './slip';

const options = { seed: SLIP_SET.seed, today: SLIP_SET.today };
const set = makeSlips(SLIP_SET.count, options);
const eyes = set.flatMap((s) => [s.values.od, s.values.os]);
const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;
const share = (n: number, of: number) => n / of;

describe('determinism', () => {
  it('gives the same slips for the same seed, and others for another', () => {
    expect(JSON.stringify(makeSlips(12, options))).toBe(JSON.stringify(set.slice(0, 12)));
    expect(JSON.stringify(makeSlips(12, { ...options, seed: options.seed + 1 }))).not.toBe(JSON.stringify(set.slice(0, 12)));
  });

  it('keeps a slip the same whatever the set size (the first 30 are the first 30 of the full set)', () => {
    expect(makeSlip(29, options)).toEqual(set[29]);
  });

  it('draws the same numbers from the same seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const draws = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(draws);
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
  });
});

describe('composition', () => {
  it('holds every language × layout × distortion band once in every 54 slips', () => {
    const cells = new Set(Array.from({ length: 54 }, (_, i) => JSON.stringify(slipCell(i))));
    expect(cells.size).toBe(SLIP_LANGUAGES.length * SLIP_LAYOUTS.length * DISTORTION_BANDS.length);
    expect(SLIP_SET.count).toBeGreaterThanOrEqual(300);
  });

  it('holds every language, layout and band within the first 18 slips', () => {
    const first = set.slice(0, 18);
    expect(new Set(first.map((s) => s.language)).size).toBe(6);
    expect(new Set(first.map((s) => s.layout)).size).toBe(3);
    expect(new Set(first.map((s) => s.distortion.band)).size).toBe(3);
  });
});

describe('values', () => {
  it('prints SPH −10…+6 on quarter steps, most between −4 and +2', () => {
    expect(eyes.every((e) => e.sph >= -10 && e.sph <= 6 && onStep(e.sph, 0.25))).toBe(true);
    expect(share(eyes.filter((e) => e.sph >= -4 && e.sph <= 2).length, eyes.length)).toBeGreaterThan(0.65);
    expect(eyes.some((e) => e.sph === 0)).toBe(true);
  });

  it('prints CYL 0…−4 on quarter steps (about a third of slips without), an axis 1…180 only with a cylinder', () => {
    expect(eyes.every((e) => e.cyl <= 0 && e.cyl >= -4 && onStep(e.cyl, 0.25))).toBe(true);
    const without = set.filter((s) => s.values.od.cyl === 0 && s.values.os.cyl === 0).length;
    expect(share(without, set.length)).toBeGreaterThan(0.25);
    expect(share(without, set.length)).toBeLessThan(0.45);
    for (const e of eyes) {
      if (e.cyl === 0) expect(e.axis).toBeNull();
      else expect(Number.isInteger(e.axis) && e.axis! >= 1 && e.axis! <= 180).toBe(true);
    }
  });

  it('prints ADD +0.75…+3.00 on about 40 % of slips, prism on a few', () => {
    const withAdd = set.filter((s) => s.hasAdd);
    expect(share(withAdd.length, set.length)).toBeGreaterThan(0.3);
    expect(share(withAdd.length, set.length)).toBeLessThan(0.5);
    expect(withAdd.flatMap((s) => [s.values.od.add!, s.values.os.add!]).every((a) => a >= 0.75 && a <= 3 && onStep(a, 0.25))).toBe(true);
    const withPrism = set.filter((s) => s.hasPrism).length;
    expect(withPrism).toBeGreaterThan(3);
    expect(share(withPrism, set.length)).toBeLessThan(0.1);
  });

  it('prints a PD of 54…74 or one per eye of 26.5…38, on half steps', () => {
    for (const { values } of set) {
      const { pd } = values;
      if (pd.mode === 'single') expect(pd.single >= 54 && pd.single <= 74 && onStep(pd.single, 0.5)).toBe(true);
      else expect([pd.right, pd.left].every((v) => v >= 26.5 && v <= 38 && onStep(v, 0.5))).toBe(true);
    }
    expect(set.some((s) => s.values.pd.mode === 'dual')).toBe(true);
  });

  it('dates the exam within the two years before the set’s day', () => {
    const oldest = oldestExamDate(options.today);
    expect(set.every((s) => s.values.examDate >= oldest && s.values.examDate < options.today)).toBe(true);
  });

  it('has truths the prescription rules accept (reading glasses where there is an ADD, distance otherwise)', () => {
    for (const slip of set) {
      const usage = slip.hasAdd ? 'SINGLE_VISION_READING' : 'SINGLE_VISION_DISTANCE';
      expect({ id: slip.id, issues: checkPrescription(slip.truth, { usage, today: options.today }).issues }).toEqual({ id: slip.id, issues: {} });
    }
  });

  it('lists every field that has a true value among the fields the slip prints', () => {
    for (const slip of set) {
      const { truth } = slip;
      const filled = [
        ...(['od', 'os'] as const).flatMap((eye) =>
          (['sph', 'cyl', 'axis', 'add', 'prism', 'prismBase'] as const).filter((f) => truth[eye][f] !== '').map((f) => `${eye}.${f}`),
        ),
        ...(['pd', 'pdRight', 'pdLeft', 'examDate'] as const).filter((f) => truth[f] !== ''),
      ];
      expect(slip.fields).toEqual(expect.arrayContaining(filled));
    }
  });
});

describe('plus-cylinder slips', () => {
  const plus = set.filter((s) => s.paperCylinder === 'plus');

  it('are some of the set, and print their cylinders as plus values', () => {
    expect(plus.length).toBeGreaterThan(20);
    for (const slip of plus) for (const eye of [slip.paper.od, slip.paper.os]) expect(eye.cyl).toBeGreaterThanOrEqual(0);
  });

  it('carry the truth converted with toMinusCylinder, which is what was measured', () => {
    for (const slip of plus) {
      for (const eye of ['od', 'os'] as const) {
        const minus = toMinusCylinder(slip.paper[eye]);
        expect(slip.truth[eye].sph).toBe(signedPower(minus.sph));
        expect(slip.truth[eye].cyl).toBe(minus.cyl === 0 ? '' : signedPower(minus.cyl));
        expect(slip.truth[eye].axis).toBe(minus.cyl === 0 ? '' : String(minus.axis));
        expect(minus).toEqual(slip.values[eye]);
      }
    }
  });

  it('transpose by the optician’s rule: SPH + CYL, −CYL, AXIS ± 90', () => {
    expect(toPlusCylinder({ sph: -1.5, cyl: -0.75, axis: 120, add: null, prism: null })).toEqual({ sph: -2.25, cyl: 0.75, axis: 30, add: null, prism: null });
    expect(toPlusCylinder({ sph: 1, cyl: -2, axis: 90, add: null, prism: null })).toMatchObject({ sph: -1, cyl: 2, axis: 180 });
  });
});

describe('languages', () => {
  it('prints dates in each language’s order and separator', () => {
    expect(['en-US', 'en-GB', 'fr', 'de', 'es', 'nl'].map((l) => formatSlipDate('2026-03-09', l as never))).toEqual([
      '03/09/2026',
      '09/03/2026',
      '09/03/2026',
      '09.03.2026',
      '09/03/2026',
      '09-03-2026',
    ]);
  });

  it('prints numbers with the decimal mark, sign and plano word of the slip', () => {
    expect(powerText(-2.25, { decimal: ',', minus: '−' })).toBe('−2,25');
    expect(powerText(1.5, { decimal: '.', minus: '-' })).toBe('+1.50');
    expect(decimalText(31.5, { decimal: ',' }, 1)).toBe('31,5');
    const slip = set.find((s) => s.values.od.sph === 0 && s.paperCylinder === 'minus')!;
    expect(eyeCells(slip.paper.od, slip.style).sph).toBe(slip.style.plano);
    expect(LANGUAGES[slip.language].plano.map((p) => p.replace(/[.,]/, slip.style.decimal))).toContain(slip.style.plano);
  });

  it('writes a decimal comma in French and Spanish, mostly in German and Dutch, never in English', () => {
    const byLanguage = (l: string) => set.filter((s) => s.language === l);
    for (const l of ['fr', 'es']) expect(byLanguage(l).every((s) => s.style.decimal === ',')).toBe(true);
    for (const l of ['de', 'nl']) expect(share(byLanguage(l).filter((s) => s.style.decimal === ',').length, byLanguage(l).length)).toBeGreaterThan(0.6);
    for (const l of ['en-US', 'en-GB']) expect(byLanguage(l).every((s) => s.style.decimal === '.')).toBe(true);
  });

  it('prints each language’s own eye labels, column words and exam date on the page', () => {
    for (const slip of set.slice(0, 54)) {
      const html = slipHtml(slip);
      const words = LANGUAGES[slip.language];
      const text = html.replace(/&#39;|&amp;|&quot;/g, (m) => ({ '&#39;': "'", '&amp;': '&', '&quot;': '"' })[m]!);
      expect(words.eyes.map((pair) => pair.join('|'))).toContain(slip.style.eyes.join('|'));
      for (const label of [slip.style.eyes[0], slip.style.eyes[1], slip.style.sph, slip.style.cyl, slip.style.axis]) expect(text).toContain(label);
      expect(words.sph).toContain(slip.style.sph);
      expect(words.cyl).toContain(slip.style.cyl);
      expect(words.axis).toContain(slip.style.axis);
      expect(text).toContain(formatSlipDate(slip.values.examDate, slip.language));
      if (slip.hasAdd) expect(text).toContain(slip.style.add);
    }
  });

  it('shows the handwritten form’s values in a handwriting font, and no grid lines on plain columns', () => {
    const form = set.find((s) => s.layout === 'handwritten-form')!;
    expect(slipHtml(form)).toContain(`font-family: '${form.style.handFont}'`);
    expect(slipHtml(form)).toMatch(/class="hand"/);
    const plain = set.find((s) => s.layout === 'plain-columns')!;
    expect(slipHtml(plain)).not.toMatch(/<table/);
  });
});

describe('distortion and manifest', () => {
  it('keeps every photo within the limits: rotation ≤ 15°, tilt ≤ 20°, blur ≤ 1.5 px, JPEG quality 55…80', () => {
    for (const { distortion: d } of set) {
      expect(Math.abs(d.rotationDeg)).toBeLessThanOrEqual(15);
      expect(d.perspective).toBeLessThanOrEqual(20);
      expect(d.blurPx).toBeGreaterThanOrEqual(0);
      expect(d.blurPx).toBeLessThanOrEqual(1.5);
      expect(d.jpegQuality).toBeGreaterThanOrEqual(55);
      expect(d.jpegQuality).toBeLessThanOrEqual(80);
    }
  });

  it('makes a stronger band distort more', () => {
    const mean = (band: string, pick: (s: (typeof set)[number]) => number) => {
      const inBand = set.filter((s) => s.distortion.band === band);
      return inBand.reduce((sum, s) => sum + pick(s), 0) / inBand.length;
    };
    for (const pick of [(s: (typeof set)[number]) => Math.abs(s.distortion.rotationDeg), (s: (typeof set)[number]) => s.distortion.blurPx]) {
      expect(mean('low', pick)).toBeLessThan(mean('medium', pick));
      expect(mean('medium', pick)).toBeLessThan(mean('high', pick));
    }
  });

  it('writes the manifest in the shared shape (version 1, ids, files, truth, fields, distortion)', () => {
    const manifest = manifestOf(set.slice(0, 2), options.seed, options.today);
    expect(manifest).toMatchObject({ version: 1, seed: options.seed });
    expect(manifest.slips[0]).toMatchObject({ id: 's0001', flat: 's0001-flat.png', photo: 's0001-photo.jpg', truth: { kind: 'glasses' } });
    expect(Object.keys(manifest.slips[0]!.distortion)).toEqual(
      expect.arrayContaining(['band', 'rotationDeg', 'perspective', 'blurPx', 'shading', 'glare', 'jpegQuality']),
    );
  });
});

describe('photo placement', () => {
  it('fits the turned paper inside the photo, landscape, 1200 px long side', () => {
    for (const { distortion } of set) {
      const p = paperPlacement(distortion, { width: 1600, height: 1100 });
      const turn = (Math.abs(distortion.rotationDeg) * Math.PI) / 180;
      const boxWidth = p.width * Math.cos(turn) + p.height * Math.sin(turn);
      const boxHeight = p.width * Math.sin(turn) + p.height * Math.cos(turn);
      const [cx, cy] = [p.left + p.width / 2, p.top + p.height / 2];
      expect([p.frameWidth, p.frameHeight]).toEqual([PHOTO_LONG_SIDE, PHOTO_SHORT_SIDE]);
      expect(cx - boxWidth / 2).toBeGreaterThanOrEqual(0);
      expect(cx + boxWidth / 2).toBeLessThanOrEqual(p.frameWidth);
      expect(cy - boxHeight / 2).toBeGreaterThanOrEqual(0);
      expect(cy + boxHeight / 2).toBeLessThanOrEqual(p.frameHeight);
    }
  });
});

describe('samples kept in the repository', () => {
  const dir = resolve(import.meta.dirname, 'samples');
  const kept = JSON.parse(readFileSync(resolve(dir, 'manifest.json'), 'utf8')) as Manifest & { camera: string };

  it('are the generator’s slips in the sample cells, one per language, every layout and band, and the camera’s', () => {
    const samples = sampleSlips(set);
    expect(samples.map((s) => [s.language, s.layout, s.distortion.band])).toEqual(SAMPLE_CELLS.map((c) => [c.language, c.layout, c.band]));
    const withoutCorners = (entry: Manifest['slips'][number]) => ({ ...entry, distortion: { ...entry.distortion, corners: undefined } });
    expect(kept.slips.map(withoutCorners)).toEqual(samples.map(manifestEntry).map(withoutCorners));
  });

  it('give the fake camera a slip whose exam date reads either way round, with labels that do not say the order (ADR 043)', () => {
    const camera = sampleSlips(set)[SAMPLE_CELLS.indexOf(CAMERA_SAMPLE_CELL)]!;
    expect(kept.camera).toBe(`${camera.id}.mjpeg`);
    const [, month, day] = camera.values.examDate.split('-').map(Number);
    expect([month! <= 12, day! <= 12, month !== day]).toEqual([true, true, true]);
    expect(camera.style.eyes).not.toEqual(['RE', 'LE']);
    expect([camera.hasAdd, camera.hasPrism, camera.values.pd.mode]).toEqual([false, false, 'single']);
  });

  it('hold each photo, the paper’s corners inside it, and the camera video, under 1 MB in all', () => {
    let bytes = 0;
    for (const entry of kept.slips) {
      expect(existsSync(resolve(dir, entry.photo))).toBe(true);
      bytes += statSync(resolve(dir, entry.photo)).size;
      for (const [x, y] of entry.distortion.corners!) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(PHOTO_LONG_SIDE);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(PHOTO_SHORT_SIDE);
      }
    }
    const video = readFileSync(resolve(dir, kept.camera));
    // Chromium's fake camera reads concatenated JPEG frames: each starts with the JPEG start marker
    expect(video.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    bytes += video.byteLength;
    expect(bytes).toBeLessThan(1_000_000);
  });
});
