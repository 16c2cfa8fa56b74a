/**
 * The benchmark's page (scripts/bench-prescription-reader.mjs): loads the reader the way the shop does
 * (a dynamic import, on first use) and reads one photo per call, timing it.
 */
import type { PrescriptionReading, ReadPrescriptionPhoto } from '../../src/machines/prescription-scan/prescription-reading';

let reader: Promise<ReadPrescriptionPhoto> | null = null;

async function readSlip(url: string): Promise<{ reading: PrescriptionReading; ms: number }> {
  const photo = await (await fetch(url)).blob();
  const started = performance.now();
  reader ??= import('../../src/services/prescription-scan/read-prescription').then((m) => m.readPrescriptionPhoto);
  const reading = await (await reader)(photo);
  return { reading, ms: performance.now() - started };
}

(window as unknown as { readSlip: typeof readSlip }).readSlip = readSlip;
