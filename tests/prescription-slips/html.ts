/**
 * A slip as an HTML page, 1600 px wide: clinic header, patient, the prescription in one of three
 * layouts (ruled table, plain columns without lines, a printed form filled in by hand), the exam
 * date, notes, a signature line and a footer. Pure: the renderer screenshots it.
 */
import { birthDateText, eyeCells, examDateText, pdLine, pdText, type EyeCells } from './format';
import type { Slip } from './slip';
import { createRandom } from './prng';

export const SLIP_WIDTH_PX = 1600;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Column = { key: keyof EyeCells | 'pd'; label: string };

function columnsOf(slip: Slip): Column[] {
  const { style } = slip;
  const columns: Column[] = [
    { key: 'sph', label: style.sph },
    { key: 'cyl', label: style.cyl },
    { key: 'axis', label: style.axis },
  ];
  if (slip.hasAdd) columns.push({ key: 'add', label: style.add });
  if (slip.hasPrism) columns.push({ key: 'prism', label: style.prism }, { key: 'base', label: style.base });
  if (style.pdInTable) columns.push({ key: 'pd', label: style.pdPerEye });
  return columns;
}

function cellsOf(slip: Slip): [string, EyeCells & { pd: string }][] {
  const { pd } = slip.values;
  const eyePd = (eye: 'od' | 'os') => (pd.mode === 'dual' ? pdText(eye === 'od' ? pd.right : pd.left, slip.style) : '');
  return [
    [slip.style.eyes[0], { ...eyeCells(slip.paper.od, slip.style), pd: eyePd('od') }],
    [slip.style.eyes[1], { ...eyeCells(slip.paper.os, slip.style), pd: eyePd('os') }],
  ];
}

function ruledTable(slip: Slip): string {
  const columns = columnsOf(slip);
  const head = `<tr><th></th>${columns.map((c) => `<th>${escape(c.label)}</th>`).join('')}</tr>`;
  const rows = cellsOf(slip)
    .map(([eye, cells]) => `<tr><th>${escape(eye)}</th>${columns.map((c) => `<td>${escape(cells[c.key])}</td>`).join('')}</tr>`)
    .join('');
  return `<table class="ruled">${head}${rows}</table>`;
}

function plainColumns(slip: Slip): string {
  const columns = columnsOf(slip);
  const grid = `grid-template-columns: 260px repeat(${columns.length}, minmax(150px, 200px))`;
  const head = `<div></div>${columns.map((c) => `<div class="h">${escape(c.label)}</div>`).join('')}`;
  const rows = cellsOf(slip)
    .map(([eye, cells]) => `<div class="h eye">${escape(eye)}</div>${columns.map((c) => `<div>${escape(cells[c.key])}</div>`).join('')}`)
    .join('');
  return `<div class="plain" style="${grid}">${head}${rows}</div>`;
}

/** A value written by hand: the form's font for handwriting, ink, a little slant and wobble. */
function hand(slip: Slip, text: string, salt: number): string {
  if (!text) return '';
  const random = createRandom(slip.index * 7919 + salt);
  const turn = random.between(-4, 4).toFixed(1);
  const dx = random.int(-6, 6);
  const dy = random.int(-5, 3);
  const size = random.int(38, 46);
  return `<span class="hand" style="font-size:${size}px;transform:translate(${dx}px,${dy}px) rotate(${turn}deg)">${escape(text)}</span>`;
}

function handwrittenForm(slip: Slip): string {
  const columns = columnsOf(slip);
  const head = `<tr><th></th>${columns.map((c) => `<th>${escape(c.label)}</th>`).join('')}</tr>`;
  const rows = cellsOf(slip)
    .map(
      ([eye, cells], row) =>
        `<tr><th>${escape(eye)}</th>${columns.map((c, col) => `<td><div class="box">${hand(slip, cells[c.key], row * 16 + col)}</div></td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="form">${head}${rows}</table>`;
}

function field(slip: Slip, label: string, value: string, salt: number): string {
  const shown = slip.layout === 'handwritten-form' ? `<span class="blank">${hand(slip, value, salt)}</span>` : `<b>${escape(value)}</b>`;
  return `<div class="field"><span class="label">${escape(label)}:</span> ${shown}</div>`;
}

const CSS = (slip: Slip) => `
* { box-sizing: border-box; }
html, body { margin: 0; background: #fff; }
.slip { width: ${SLIP_WIDTH_PX}px; padding: 70px 90px 60px; font-family: '${slip.style.printFont}', sans-serif; color: #1d1d1d; font-size: 30px; background: #fdfdfb; }
.clinic { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px solid #333; padding-bottom: 18px; }
.clinic .name { font-size: 40px; font-weight: bold; }
.clinic .address { font-size: 24px; color: #444; text-align: right; line-height: 1.35; }
h1 { font-size: 38px; margin: 34px 0 22px; letter-spacing: 1px; }
.meta { display: flex; gap: 60px; flex-wrap: wrap; margin-bottom: 30px; }
.field { margin: 10px 0; }
.label { color: #333; }
table.ruled { border-collapse: collapse; margin: 10px 0 24px; }
table.ruled th, table.ruled td { border: 2px solid #222; padding: 16px 26px; text-align: center; min-width: 150px; font-size: 34px; }
table.ruled th { background: #eee; font-size: 30px; }
.plain { display: grid; column-gap: 30px; row-gap: 22px; margin: 16px 0 30px; font-size: 34px; }
.plain > div { text-align: right; white-space: nowrap; }
.plain .h { font-weight: bold; }
.plain .eye { text-align: left; }
table.form { border-collapse: separate; border-spacing: 18px 14px; margin: 0 -18px 20px; }
table.form th { font-size: 28px; font-weight: normal; text-align: left; padding: 0 6px; }
table.form td .box { border: 2px solid #9aa3ad; border-radius: 4px; width: 180px; height: 74px; display: flex; align-items: center; justify-content: center; }
.hand { font-family: '${slip.style.handFont}', cursive; color: ${slip.style.ink}; display: inline-block; white-space: nowrap; }
.blank { display: inline-block; min-width: 260px; border-bottom: 2px dotted #777; padding: 0 10px; }
.note { font-style: italic; margin: 14px 0; }
.sign { display: flex; align-items: flex-end; gap: 24px; margin-top: 50px; }
.sign .line { position: relative; width: 520px; border-bottom: 2px solid #333; height: 70px; }
.sign .scribble { position: absolute; left: 30px; bottom: 6px; font-family: '${slip.style.handFont}', cursive; font-size: 44px; color: ${slip.style.ink}; transform: rotate(-6deg); white-space: nowrap; }
.signer { font-size: 24px; color: #444; margin-top: 8px; }
.footer { margin-top: 40px; border-top: 1px solid #999; padding-top: 14px; font-size: 22px; color: #555; }
`;

export function slipHtml(slip: Slip): string {
  const { style } = slip;
  const table = slip.layout === 'ruled-table' ? ruledTable(slip) : slip.layout === 'plain-columns' ? plainColumns(slip) : handwrittenForm(slip);
  const date = field(slip, style.examDateLabel, examDateText(slip), 101);
  const pd = style.pdInTable ? '' : (({ label, value }) => field(slip, label, value, 102))(pdLine(slip));
  const patient = `<div class="field"><span class="label">${escape(style.patientLabel)}:</span> <b>${escape(style.patientName)}</b></div>`;
  const birth = style.birthDate
    ? `<div class="field"><span class="label">${escape(style.birthDateLabel)}:</span> <b>${escape(birthDateText(slip))}</b></div>`
    : '';
  return `<!doctype html><html lang="${slip.language}"><head><meta charset="utf-8"><style>${CSS(slip)}</style></head><body>
<div class="slip" id="slip">
  <div class="clinic"><div class="name">${escape(style.clinic)}</div>
    <div class="address">${escape(style.street)}<br>${escape(style.city)}<br>Tel. ${escape(style.phone)}</div></div>
  <h1>${escape(style.title)}</h1>
  <div class="meta">${patient}${birth}${style.datePlace === 'top' ? date : ''}</div>
  ${table}
  ${pd}
  ${style.datePlace === 'bottom' ? date : ''}
  ${style.note ? `<div class="note">${escape(style.note)}</div>` : ''}
  <div class="sign"><span class="label">${escape(style.signatureLabel)}:</span><div class="line"><span class="scribble">${escape(style.signer.split(',')[0]!)}</span></div></div>
  <div class="signer">${escape(style.signer)}</div>
  <div class="footer">${escape(style.footer)}</div>
</div></body></html>`;
}
