/**
 * Makes the prescription-slip test set: every slip's flat PNG and phone photo, and manifest.json.
 *   SLIPS_DIR=/path npm run slips            (default .data/slips)
 *   SLIPS_COUNT=30 npm run slips             (the first 30 slips of the same set)
 *   SLIPS_SEED=… SLIPS_TODAY=YYYY-MM-DD      (another set; default tests/prescription-slips/set.ts)
 * Slips already drawn with the same manifest entry are kept unless SLIPS_FORCE=1.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.ts';
import { compositionOf, flatFile, manifestOf, photoFile, type Manifest } from './manifest.ts';
import { newSlipPage, renderFlat, renderPhoto } from './render.ts';
import { SLIP_SET } from './set.ts';
import { makeSlips } from './slip.ts';

const dir = resolve(process.env.SLIPS_DIR || '.data/slips');
const count = Number(process.env.SLIPS_COUNT || SLIP_SET.count);
const seed = Number(process.env.SLIPS_SEED || SLIP_SET.seed);
const today = process.env.SLIPS_TODAY || SLIP_SET.today;
const force = process.env.SLIPS_FORCE === '1';
if (!Number.isInteger(count) || count < 1) throw new Error(`SLIPS_COUNT must be a positive whole number, not ${process.env.SLIPS_COUNT}`);
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`SLIPS_TODAY must be YYYY-MM-DD, not ${today}`);

mkdirSync(dir, { recursive: true });
const slips = makeSlips(count, { seed, today });
const manifest = manifestOf(slips, seed, today);
const manifestPath = resolve(dir, 'manifest.json');
const before: Manifest | null = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
const withoutCorners = (entry: Manifest['slips'][number] | undefined) => entry && { ...entry, distortion: { ...entry.distortion, corners: undefined } };
const same = (i: number) =>
  before?.seed === seed &&
  before.slips[i]?.distortion.corners !== undefined &&
  JSON.stringify(withoutCorners(before.slips[i])) === JSON.stringify(withoutCorners(manifest.slips[i])) &&
  existsSync(resolve(dir, flatFile(slips[i]!))) &&
  existsSync(resolve(dir, photoFile(slips[i]!)));

const started = Date.now();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
let drawn = 0;
try {
  const page = await newSlipPage(browser);
  for (const [i, slip] of slips.entries()) {
    const entry = manifest.slips[i]!;
    if (!force && same(i)) {
      entry.distortion.corners = before!.slips[i]!.distortion.corners;
      continue;
    }
    const flat = await renderFlat(page, slip);
    writeFileSync(resolve(dir, flatFile(slip)), flat);
    const photo = await renderPhoto(page, flat, slip.distortion);
    writeFileSync(resolve(dir, photoFile(slip)), photo.jpeg);
    entry.distortion.corners = photo.corners;
    drawn++;
    if (drawn % 25 === 0) console.log(`${drawn} drawn (${slip.id}), ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
} finally {
  await browser.close();
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`${count} slips in ${dir} (${drawn} drawn, ${count - drawn} kept) in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${seed}`);
for (const line of compositionOf(manifest)) console.log(line);
