// ADR 043, step 5: words with boxes read as a prescription, in the six languages opticians print.
import { describe, expect, it } from 'vitest';
import { columnOf, dateText, digitLost, eyeOf, numberText, oneEditApart, readLayout, rowsOf } from './read-layout';
import type { OcrWord } from './recognise';

/** Words on a grid: each row a y, each entry [x, text]. */
function page(rows: Array<[number, Array<[number, string]>]>, confidence = 95): OcrWord[] {
  return rows.flatMap(([y, words], line) => words.map(([x, text]) => ({ text, confidence, x0: x, y0: y, x1: x + text.length * 14, y1: y + 28, line })));
}
const texts = (reads: Array<{ text: string }> | undefined) => reads?.map((r) => r.text);

describe('reading the layout (ADR 043)', () => {
  it('knows the eye labels and column words of the six languages', () => {
    expect(['OD', 'RE', 'R', 'Rechts', 'droit', '0D'].map(eyeOf)).toEqual(['od', 'od', 'od', 'od', 'od', 'od']);
    expect(['OS', 'LE', 'L', 'Links', 'OG', 'OI', '0S'].map(eyeOf)).toEqual(['os', 'os', 'os', 'os', 'os', 'os', 'os']);
    expect(['Sphère', 'Esfera', 'Sphäre', 'Sfeer', 'SPH'].map(columnOf)).toEqual(['sph', 'sph', 'sph', 'sph', 'sph']);
    expect(['Zyl', 'Cylindre', 'Cilindro', 'Cilinder'].map(columnOf)).toEqual(['cyl', 'cyl', 'cyl', 'cyl']);
    expect(['Axis', 'Axe', 'Achse', 'Eje', 'As'].map(columnOf)).toEqual(['axis', 'axis', 'axis', 'axis', 'axis']);
    expect(['Add', 'Addition', 'Adición', 'Prisma', 'Basis', 'DP', 'EP', 'PA'].map(columnOf)).toEqual([
      'add',
      'add',
      'add',
      'prism',
      'prismBase',
      'pd',
      'pd',
      'pd',
    ]);
  });

  it('knows a longer label with one letter misread, never a short one', () => {
    expect(['deho', 'Rechis', 'izdc', 'gauche'].map(eyeOf)).toEqual(['od', 'od', 'os', 'os']);
    expect(eyeOf('ob')).toBeNull();
    expect(oneEditApart('dcho', 'deho')).toBe(true);
    expect(oneEditApart('links', 'lnks')).toBe(true);
    expect(oneEditApart('links', 'lnk')).toBe(false);
  });

  it('reads numbers as printed, mending what OCR does to them', () => {
    expect(['-2.25', '−1,75', '+0.50', '180°', 'x90', 'PL', 'Plano', '±0.00', '63mm', '-l.5O'].map(numberText)).toEqual([
      '-2.25',
      '-1.75',
      '+0.50',
      '180',
      '90',
      '0',
      '0',
      '0.00',
      '63',
      '-1.50',
    ]);
    expect(numberText('Sphere')).toBeNull();
  });

  it('reads dates in the order the paper writes them', () => {
    expect(dateText('03/14/2026', 'mdy')).toEqual({ text: '2026-03-14', ambiguous: false });
    expect(dateText('14.03.2026', 'dmy')).toEqual({ text: '2026-03-14', ambiguous: false });
    expect(dateText('05-06-2026', 'dmy')).toEqual({ text: '2026-06-05', ambiguous: true });
    expect(dateText('31/02/2026', 'dmy')).toBeNull();
  });

  it('groups words into rows by their height', () => {
    const rows = rowsOf(
      page([
        [
          100,
          [
            [300, 'b'],
            [10, 'a'],
          ],
        ],
        [104, [[600, 'c']]],
        [160, [[10, 'd']]],
      ]),
    );
    expect(rows.map((r) => r.words.map((w) => w.text).join(''))).toEqual(['abc', 'd']);
  });

  it('reads a table: each value to the column over it, a "no cylinder" word as an empty cylinder', () => {
    const reading = readLayout(
      page([
        [
          40,
          [
            [700, 'Exam'],
            [770, 'date:'],
            [850, '03/14/2026'],
          ],
        ],
        [
          100,
          [
            [200, 'SPH'],
            [400, 'CYL'],
            [600, 'AXIS'],
            [800, 'ADD'],
          ],
        ],
        [
          150,
          [
            [20, 'OD'],
            [190, '-2.25'],
            [390, '-0.75'],
            [600, '180'],
            [790, '+2.00'],
          ],
        ],
        [
          200,
          [
            [20, 'OS'],
            [190, '-1.50'],
            [400, 'SPH'],
            [790, '+2.00'],
          ],
        ],
        [
          260,
          [
            [20, 'PD:'],
            [70, '63'],
            [110, 'mm'],
          ],
        ],
      ]),
    );
    expect(reading.foundTable).toBe(true);
    expect(texts(reading.od.sph)).toEqual(['-2.25']);
    expect(texts(reading.od.cyl)).toEqual(['-0.75']);
    expect(texts(reading.od.axis)).toEqual(['180']);
    expect(texts(reading.od.add)).toEqual(['+2.00']);
    expect(texts(reading.os.sph)).toEqual(['-1.50']);
    expect(texts(reading.os.cyl)).toEqual(['']);
    expect(texts(reading.pd)).toEqual(['63']);
    expect(texts(reading.examDate)).toEqual(['2026-03-14']);
  });

  it('reads a form whose values follow their own labels, and a PD per eye', () => {
    const reading = readLayout(
      page([
        [
          100,
          [
            [20, 'Rechts'],
            [150, 'Sph'],
            [220, '+1,25'],
            [350, 'Zyl'],
            [420, '-0,50'],
            [550, 'Achse'],
            [650, '90'],
          ],
        ],
        [
          150,
          [
            [20, 'Links'],
            [150, 'Sph'],
            [220, '+1,00'],
          ],
        ],
        [
          200,
          [
            [20, 'PD'],
            [80, 'R/L'],
            [150, '31,5'],
            [230, '/'],
            [260, '32'],
          ],
        ],
        [
          250,
          [
            [20, 'Geburtsdatum'],
            [220, '01.02.1960'],
          ],
        ],
        [
          300,
          [
            [20, 'Datum'],
            [150, '17.02.2025'],
          ],
        ],
      ]),
    );
    expect(texts(reading.od.sph)).toEqual(['+1.25']);
    expect(texts(reading.od.cyl)).toEqual(['-0.50']);
    expect(texts(reading.od.axis)).toEqual(['90']);
    expect(texts(reading.os.sph)).toEqual(['+1.00']);
    expect(texts(reading.pdRight)).toEqual(['31.5']);
    expect(texts(reading.pdLeft)).toEqual(['32']);
    expect(texts(reading.examDate)).toEqual(['2025-02-17']);
  });

  it('marks a value that stood far from the column it was given to', () => {
    const reading = readLayout(
      page([
        [
          100,
          [
            [200, 'SPH'],
            [400, 'CYL'],
            [600, 'AXIS'],
          ],
        ],
        [
          150,
          [
            [20, 'OD'],
            [190, '-2.25'],
            [480, '-0.75'],
          ],
        ],
        [
          200,
          [
            [20, 'OS'],
            [190, '-1.50'],
          ],
        ],
      ]),
    );
    expect(reading.od.sph?.[0]?.offColumn).toBeUndefined();
    expect(reading.od.cyl?.[0]).toMatchObject({ text: '-0.75', offColumn: true });
  });

  it('takes no eye from a line above the table whose label has no values after it ("Patient: L. Moreau")', () => {
    // What Tesseract read of a plain-columns slip whose eye labels it lost: the table's rows are the values under the header.
    const reading = readLayout(
      page([
        [
          60,
          [
            [20, 'Ref:'],
            [80, 'R.'],
            [120, 'Smith'],
          ],
        ],
        [
          90,
          [
            [20, 'Patient:'],
            [110, 'L.'],
            [150, 'Moreau'],
            [350, 'Date:'],
            [420, '23/10/2026'],
          ],
        ],
        [
          130,
          [
            [440, 'SPH'],
            [650, 'CYL'],
          ],
        ],
        [
          180,
          [
            [440, '-0.25'],
            [650, '-1.00'],
          ],
        ],
        [
          230,
          [
            [440, '-0.75'],
            [650, '-1.75'],
            [860, '164'],
          ],
        ],
      ]),
    );
    expect(reading.foundTable).toBe(true);
    expect(texts(reading.od.sph)).toEqual(['-0.25']);
    // The axis's header was lost too: its value lands in the nearest column, a second read that marks the cylinder unsure.
    expect(texts(reading.os.cyl)).toEqual(['-1.75', '164']);
  });

  it('reads a PD label run together with what follows ("PAR/L:")', () => {
    expect(['PAR/L:', 'PD:', 'DNP'].map(columnOf)).toEqual(['pd', 'pd', 'pd']);
    // "EP OD/OG:", "DP OD/OI:", "PA Rechts / Links:" whose label and right eye OCR ran together; "PD R/L" read "POR/L".
    expect(['EPOD/', 'DPOD', 'PARechts', 'POR/L', 'MonoPDR/L:'].map(columnOf)).toEqual(['pd', 'pd', 'pd', 'pd', 'pd']);
    expect(['Epode', 'OD', 'PALinks', 'Pool'].map(columnOf)).toEqual([null, null, null, null]);
  });

  it('reads the exam date beside a birth date on the same row, and a date OCR parted into words', () => {
    // As OCR read them off generated slips: a meta row holding both dates, a date whose dots were lost.
    const both = (label: string, birth: string, exam: string) =>
      readLayout(
        page([
          [
            100,
            [
              [20, 'Patient:'],
              [150, 'S.'],
              [190, 'Miller'],
              [300, label],
              [500, birth],
              [700, 'Date'],
              [770, 'of'],
              [810, 'examination:'],
              [1000, exam],
            ],
          ],
        ]),
      ).examDate;
    expect(texts(both('DOB:', '08/09/2003', '07/10/2025'))).toEqual(['2025-10-07']);
    expect(texts(both('Geboortedatum:', '17-06-1968', '25-11-2026'))).toEqual(['2026-11-25']);
    expect(texts(both('Né(e) le:', '22/03/2000', '13/06/2025'))).toEqual(['2025-06-13']);
    const parted = readLayout(
      page(
        [
          [
            100,
            [
              [20, 'Untersuchungsdatum:'],
              [300, '20'],
              [336, '08'],
              [372, '2026'],
            ],
          ],
        ],
        60,
      ),
    );
    expect(parted.examDate).toEqual([{ text: '2026-08-20', confidence: 60 }]);
    // "Onderzocht op:" names the exam date too.
    expect(
      texts(
        readLayout(
          page([
            [
              100,
              [
                [20, 'Onderzocht'],
                [170, 'op:'],
                [240, '31-08-2025'],
              ],
            ],
          ]),
        ).examDate,
      ),
    ).toEqual(['2025-08-31']);
  });

  it('reads a PD line whose label names the eyes or runs into its values', () => {
    const pdOf = (words: Array<[number, string]>) => {
      const reading = readLayout(page([[100, words]]));
      return [texts(reading.pd), texts(reading.pdRight), texts(reading.pdLeft)];
    };
    // "½ EP Œil droit / Œil gauche: 29 / 28 mm": the eye words are the PD's label, not an eye's row.
    expect(
      pdOf([
        [20, '%'],
        [60, 'EP'],
        [110, '@®il'],
        [180, 'droit'],
        [260, '/'],
        [290, '®il'],
        [350, 'gauche:'],
        [460, '29'],
        [500, '/'],
        [530, '28'],
        [570, 'mm'],
      ]),
    ).toEqual([[], ['29'], ['28']]);
    expect(pdOf([[20, 'PDR/L:31,5/32']])).toEqual([[], ['31.5'], ['32']]);
    expect(pdOf([[20, 'PDO.D./0.S.:30/31']])).toEqual([[], ['30'], ['31']]);
    expect(
      pdOf([
        [20, 'Mono'],
        [100, 'PD'],
        [150, 'R/L:29.5/30.5'],
      ]),
    ).toEqual([[], ['29.5'], ['30.5']]);
    // A long label with one letter misread.
    expect(
      pdOf([
        [20, 'Distuniciu'],
        [200, 'pupllar:'],
        [300, '74'],
        [340, 'mm'],
      ]),
    ).toEqual([['74'], [], []]);
  });

  it("gives a PD past the header's last column to the eye's PD, marked, when OCR lost the PD's header", () => {
    // As OCR read a Dutch plain-columns slip whose "PD" header it lost.
    const reading = readLayout(
      page([
        [
          100,
          [
            [457, 'Sph'],
            [604, 'Cilinder'],
            [1060, 'Add'],
          ],
        ],
        [
          150,
          [
            [78, 'R'],
            [455, '0,00'],
            [1044, '+1,75'],
            [1232, '27'],
            [1269, 'mm'],
          ],
        ],
        [
          200,
          [
            [79, 'L'],
            [446, '-8,00'],
            [1044, '+2,00'],
            [1209, '26,5'],
            [1269, 'mm'],
          ],
        ],
      ]),
    );
    expect(reading.pdRight).toEqual([{ text: '27', confidence: 95, offColumn: true }]);
    expect(reading.pdLeft).toEqual([{ text: '26.5', confidence: 95, offColumn: true }]);
    expect(texts(reading.od.add)).toEqual(['+1.75']);
  });

  it("says where the table stands: its header's columns and each eye's row found, or the header alone when OCR lost the rows", () => {
    const header: [number, Array<[number, string]>] = [
      100,
      [
        [300, 'SPH'],
        [500, 'CYL'],
        [700, 'AXIS'],
      ],
    ];
    const reading = readLayout(
      page([
        header,
        [
          160,
          [
            [20, 'OD'],
            [290, '-2.25'],
          ],
        ],
      ]),
    );
    expect(reading.table?.header.map((h) => [h.column, h.x, h.y0, h.y1])).toEqual([
      ['sph', 321, 100, 128],
      ['cyl', 521, 100, 128],
      ['axis', 728, 100, 128],
    ]);
    expect(reading.table?.rows).toEqual({ od: { y0: 160, y1: 188, labelEnd: 48 } });
    expect(readLayout(page([header, [300, [[20, 'Signature']]]])).table).toMatchObject({
      header: [{ column: 'sph' }, { column: 'cyl' }, { column: 'axis' }],
      rows: {},
    });
    expect(readLayout(page([[100, [[20, 'Hello']]]])).table).toBeUndefined();
  });

  it('finds no table on a page without eye rows', () => {
    expect(
      readLayout(
        page([
          [
            100,
            [
              [20, 'Hello'],
              [120, 'world'],
            ],
          ],
        ]),
      ).foundTable,
    ).toBe(false);
  });

  it('takes an axis read over more ink than its digits take for one that lost a digit ("11" over a printed "111")', () => {
    expect(digitLost({ x0: 0, x1: 41, y0: 0, y1: 23 }, '11')).toBe(true);
    expect(digitLost({ x0: 0, x1: 31, y0: 0, y1: 22 }, '96')).toBe(false);
    expect(digitLost({ x0: 0, x1: 52, y0: 0, y1: 23 }, '174')).toBe(false);
    expect(digitLost({ x0: 0, x1: 41, y0: 0, y1: 23 }, '11°')).toBe(false);
    const header: OcrWord[] = [
      ['SPH', 200],
      ['CYL', 400],
      ['AXIS', 600],
    ].map(([text, x], i) => ({ text: String(text), confidence: 95, x0: Number(x), x1: Number(x) + 50, y0: 100, y1: 125, line: i }));
    const row = (axisWidth: number): OcrWord[] => [
      { text: 'OD', confidence: 95, x0: 20, x1: 50, y0: 150, y1: 173, line: 5 },
      { text: '-0.75', confidence: 95, x0: 390, x1: 456, y0: 150, y1: 176, line: 5 },
      { text: '11', confidence: 89, x0: 605, x1: 605 + axisWidth, y0: 151, y1: 174, line: 5 },
    ];
    expect(readLayout([...header, ...row(41)]).od.axis).toEqual([{ text: '11', confidence: 89, digitLost: true }]);
    expect(readLayout([...header, ...row(20)]).od.axis).toEqual([{ text: '11', confidence: 89 }]);
  });
});
