// Shrinks screenshots of the e2e run (`.data/reports/screenshots/<project>/NN-name.png`) into small
// 375 px wide WebP files for docs, e.g. before/after pictures of a page:
//   node scripts/shrink-screenshots.mjs <from-folder> <to-folder> <name>...
// A name matches a file `NN-<name>.png` in each project folder (desktop, phone); the output is
// `<to>/<project>-<name>.webp`, its quality lowered until it weighs under 60 kB.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const [from, to, ...names] = process.argv.slice(2);
if (!from || !to || !names.length) throw new Error('usage: shrink-screenshots.mjs <from> <to> <name>...');
mkdirSync(to, { recursive: true });
for (const project of readdirSync(from)) {
  for (const file of readdirSync(join(from, project))) {
    const name = names.find((n) => file.replace(/^\d+-/, '') === `${n}.png`);
    if (!name) continue;
    const out = join(to, `${project}-${name}.webp`);
    for (let quality = 70; quality >= 20; quality -= 10) {
      await sharp(join(from, project, file))
        .resize({ width: 375 })
        .webp({ quality })
        .toFile(out);
      if (statSync(out).size < 60_000) break;
    }
    console.log(`${out}: ${Math.round(statSync(out).size / 1000)} kB`);
  }
}
