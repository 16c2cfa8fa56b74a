// ADR 043, steps 5–6 with the second readings: a cell the page's reading missed is read grey, then
// binarised, then widened to the run of ink it holds, until one reading gives a value its column prints.
import { describe, expect, it } from 'vitest';
import { greyImage, type GreyImage } from './image';
import type { OcrWord } from './recognise';
import { readPage } from './read-page';
import { fillRect } from './test-images';

const word = (text: string, x0: number, y0: number, x1: number, y1: number): OcrWord => ({ text, confidence: 95, x0, y0, x1, y1, line: 0 });

/** A table's header and both eyes' rows, the right eye's sphere lost by the page's reading. */
const WORDS = [
  word('SPH', 280, 100, 320, 130),
  word('CYL', 480, 100, 520, 130),
  word('AXIS', 680, 100, 720, 130),
  word('R', 120, 160, 135, 190),
  word('-0.50', 470, 160, 530, 190),
  word('90', 690, 160, 710, 190),
  word('L', 120, 220, 135, 250),
  word('-1.00', 270, 220, 330, 250),
  word('-0.75', 470, 220, 530, 250),
  word('85', 690, 220, 710, 250),
];

function page(): GreyImage {
  const image = greyImage(1000, 400);
  // The right eye's sphere: ink running from inside its cell past the cell's right edge (400).
  for (const x of [340, 364, 388, 412]) fillRect(image, x, 165, x + 18, 185, 30);
  return image;
}

describe('reading a page with second readings of its cells (ADR 043, step 5b)', () => {
  it('reads a missed cell grey, then binarised, then widened to its run of ink, and takes the first value its column prints', async () => {
    const tried: Array<{ width: number; grey: boolean }> = [];
    const reading = await readPage(
      page(),
      WORDS,
      async (image) => {
        const grey = image.data.some((v) => v !== 0 && v !== 255);
        tried.push({ width: image.width, grey });
        // The sphere's cell is read first; only its widened cut-out shows the whole value (the other cells read nothing).
        return tried.length === 3 ? [word('-2.25', 40, 16, image.width - 40, 64)] : tried.length === 2 ? [word('-2.2', 40, 16, 120, 64)] : [];
      },
      { today: '2026-12-02' },
    );
    expect(tried.slice(0, 3).map((t) => t.grey)).toEqual([true, false, true]);
    // The widened cut-out is the run of ink (x 334–436), not the cell (x 135–400).
    expect(tried[2]!.width).not.toBe(tried[0]!.width);
    expect(reading.draft.od.sph).toBe('-2.25');
    expect(reading.read).toContain('od.sph');
  });

  it('reads a missed cell both grey and binarised: two values that disagree leave the field marked, two that agree do not', async () => {
    const readWith = (greyText: string, binaryText: string) =>
      readPage(
        page(),
        WORDS,
        async (image) => {
          const grey = image.data.some((v) => v !== 0 && v !== 255);
          return [word(grey ? greyText : binaryText, 40, 16, 200, 64)];
        },
        { today: '2026-12-02' },
      );
    const disagree = await readWith('-2.25', '-2.75');
    expect(disagree.draft.od.sph).toBe('-2.25');
    expect(disagree.unsure).toContain('od.sph');
    const agree = await readWith('-2.25', '-2.25');
    expect(agree.draft.od.sph).toBe('-2.25');
    expect(agree.unsure).not.toContain('od.sph');
  });
});

describe('reading a table whose ADD word OCR lost (ADR 043)', () => {
  it('reads the cells one step after AXIS as ADD, every value read there marked', async () => {
    const image = page();
    for (const y of [165, 225]) fillRect(image, 870, y, 930, y + 20, 30);
    // Every power's cell read again reads "+2.00".
    const reading = await readPage(image, WORDS, async (cut, characters) => [word(characters === '0123456789' ? '' : '+2.00', 40, 16, cut.width - 40, 64)], {
      today: '2026-12-02',
    });
    expect(reading.draft.od.add).toBe('+2.00');
    expect(reading.draft.os.add).toBe('+2.00');
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.add', 'os.add']));
  });
});

describe("reading a page whose ruled table's header OCR lost (ADR 043, step 5b)", () => {
  /** The eyes' labels and values read, the header's words lost; the rules put SPH, CYL, AXIS at x 345, 475, 605. */
  const LOST_HEADER = [word('R', 100, 385, 115, 410), word('L', 100, 450, 115, 476)];
  const RULES = { rows: [300, 367, 433, 500], columnSpans: [80, 280, 410, 540, 670].map((x) => ({ x, y0: 300, y1: 500 })) };
  function ruledPage(): GreyImage {
    const image = greyImage(1000, 600);
    for (const x of [345, 475, 605]) {
      fillRect(image, x - 30, 385, x + 30, 410, 20);
      fillRect(image, x - 30, 450, x + 30, 476, 20);
    }
    return image;
  }
  const VALUES: Record<string, string> = { '0123456789': '90', '+-.,0123456789': '-1.25' };

  it('reads the cells the rules place, every value read there marked', async () => {
    const reading = await readPage(ruledPage(), LOST_HEADER, async (_image, characters) => [word(VALUES[characters] ?? '', 40, 16, 200, 64)], {
      today: '2026-12-02',
      rules: RULES,
    });
    expect(reading.draft.od).toMatchObject({ sph: '-1.25', cyl: '-1.25', axis: '90' });
    expect(reading.draft.os).toMatchObject({ sph: '-1.25', cyl: '-1.25', axis: '90' });
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.cyl', 'od.axis', 'os.sph', 'os.cyl', 'os.axis']));
  });

  it('reads the boxes of a handwriting-like form whose header OCR lost where their sides place them, every value marked', async () => {
    const image = greyImage(1000, 600);
    for (const x of [236, 412, 587]) {
      fillRect(image, x - 30, 370, x + 30, 400, 20);
      fillRect(image, x - 30, 440, x + 30, 470, 20);
    }
    const boxes = { rows: [], columnSpans: [158, 315, 334, 490, 509, 666].map((x) => ({ x, y0: 340, y1: 485 })) };
    const reading = await readPage(
      image,
      [word('R', 100, 372, 115, 398), word('L', 100, 442, 115, 468)],
      async (_image, characters) => [word(VALUES[characters] ?? '', 40, 16, 200, 64)],
      {
        today: '2026-12-02',
        rules: boxes,
      },
    );
    expect(reading.draft.od).toMatchObject({ sph: '-1.25', cyl: '-1.25', axis: '90' });
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.cyl', 'od.axis', 'os.sph', 'os.cyl', 'os.axis']));
  });

  it("reads a fourth column the rules place whose cells read as no power as the eyes' PDs, marked", async () => {
    const image = ruledPage();
    for (const y of [385, 450]) fillRect(image, 705, y, 765, y + 25, 20);
    const rules = { ...RULES, columnSpans: [...RULES.columnSpans, { x: 800, y0: 300, y1: 500 }] };
    // Every cell read with a power's characters reads as no power ("375"); with a PD's, the PD "37.5".
    const texts: Record<string, string> = { '0123456789': '90', '+-.,0123456789': '375', '.,0123456789': '37.5' };
    const reading = await readPage(image, LOST_HEADER, async (_cut, characters) => [word(texts[characters] ?? '', 40, 16, 200, 64)], {
      today: '2026-12-02',
      rules,
    });
    expect(reading.draft).toMatchObject({ pdMode: 'dual', pdRight: '37.5', pdLeft: '37.5' });
    expect(reading.draft.od.add).toBe('');
    expect(reading.unsure).toEqual(expect.arrayContaining(['pdRight', 'pdLeft']));
  });

  it('reads no cell without the rules', async () => {
    const reading = await readPage(ruledPage(), LOST_HEADER, async () => [word('-1.25', 40, 16, 200, 64)], { today: '2026-12-02' });
    expect(reading.read).not.toContain('od.sph');
  });
});

describe('two readings of a value before it is sure (ADR 043)', () => {
  /** Both eyes read by the page, sure: SPH −0.50, CYL −0.50, AXIS 90. */
  const SAME = [
    word('SPH', 280, 100, 320, 130),
    word('CYL', 480, 100, 520, 130),
    word('AXIS', 680, 100, 720, 130),
    ...(
      [
        ['R', 160],
        ['L', 220],
      ] as const
    ).flatMap(([label, y]) => [
      word(label, 120, y, 135, y + 30),
      word('-0.50', 270, y, 330, y + 30),
      word('-0.50', 470, y, 530, y + 30),
      word('90', 690, y, 710, y + 30),
    ]),
  ];
  function inkedPage(): GreyImage {
    const image = greyImage(1000, 400);
    for (const x of [300, 500, 700]) for (const y of [165, 225]) fillRect(image, x - 25, y, x + 25, y + 20, 30);
    return image;
  }
  /** A form's boxes: their sides in pairs a gap apart (form-boxes.ts). */
  const FORM_RULES = { rows: [], columnSpans: [240, 400, 420, 600, 620, 780].map((x) => ({ x, y0: 150, y1: 260 })) };
  const readWith = (axis: string, power: string, confidence: number, rules?: typeof FORM_RULES) =>
    readPage(
      inkedPage(),
      SAME,
      async (image, characters) => [{ ...word(characters === '0123456789' ? axis : power, 40, 16, image.width - 40, 64), confidence }],
      { today: '2026-12-02', ...(rules ? { rules } : {}) },
    );

  it("reads again the cell of an axis the page read sure: the same value keeps it sure, another marks it and the page's value stays", async () => {
    const agree = await readWith('90', '-0.50', 90);
    expect(agree.draft.od.axis).toBe('90');
    expect(agree.unsure).toEqual([]);
    const disagree = await readWith('30', '-0.50', 90);
    expect(disagree.draft.od.axis).toBe('90');
    expect(disagree.unsure).toEqual(expect.arrayContaining(['od.axis', 'os.axis']));
    expect(disagree.unsure).not.toContain('od.sph');
  });

  it('on a handwriting-like form, keeps a power sure only when its cell, read again, gives it sure too', async () => {
    const sure = await readWith('90', '-0.50', 90, FORM_RULES);
    expect(sure.unsure).toEqual([]);
    const unsure = await readWith('90', '-0.50', 60, FORM_RULES);
    expect(unsure.draft.od).toMatchObject({ sph: '-0.50', cyl: '-0.50', axis: '90' });
    expect(unsure.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.cyl', 'od.axis', 'os.sph', 'os.cyl', 'os.axis']));
    // The same readings of a printed table's cells: the page's sure reading and the cell's agree.
    expect((await readWith('90', '-0.50', 60)).unsure).toEqual([]);
  });

  it('on a handwriting-like form, reads a box Tesseract read nothing in glyph by glyph (glyph-cells.ts): its value filled, marked', async () => {
    const image = inkedPage();
    // The right eye's axis box holds a plain bar, a handwritten "1"; the page's reading lost it.
    fillRect(image, 675, 160, 725, 190, 255);
    fillRect(image, 697, 160, 703, 190, 30);
    const words = SAME.filter((w) => !(w.text === '90' && w.y0 === 160));
    const reading = await readPage(image, words, async () => [], { today: '2026-12-02', rules: FORM_RULES });
    expect(reading.draft.od.axis).toBe('1');
    expect(reading.unsure).toContain('od.axis');
    // A prism (no second reading asked of it) read glyph by glyph alone stays marked.
    fillRect(image, 875, 160, 925, 190, 255);
    fillRect(image, 897, 160, 903, 190, 30);
    const prism = await readPage(image, [...words, word('Prism', 870, 100, 930, 130)], async () => [], { today: '2026-12-02', rules: FORM_RULES });
    expect(prism.draft.od.prism).toBe('1');
    expect(prism.unsure).toContain('od.prism');
    // A printed table's cell is Tesseract's alone.
    expect((await readPage(image, words, async () => [], { today: '2026-12-02' })).draft.od.axis).toBe('');
  });
});
