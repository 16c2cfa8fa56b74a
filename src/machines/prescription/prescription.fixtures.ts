/** Orders with typed prescriptions, as /prescriptionfix loads them, for the machine's tests and the stories. */
import type { PrescriptionFixOrder } from './prescription-fix.machine';

const SINGLE_VISION = JSON.stringify({
  usage: 'SINGLE_VISION_DISTANCE',
  exam_date: '2025-09-15',
  od: { sph: -2.25, cyl: -0.5, axis: 90 },
  os: { sph: -2, cyl: 0 },
  pd: { single: 63 },
});

/** The seeded order 000000001: one frame with a typed single-vision prescription. */
export const FIXTURE_FIX_ORDER: PrescriptionFixOrder = {
  orderNumber: '000000001',
  orderDate: '2026-01-15',
  items: [
    {
      uid: 'MQ==',
      name: 'Aurora Cat-Eye',
      sku: 'LN1001-BLK-M',
      options: [
        { label: 'Color', value: 'Black' },
        { label: 'Size', value: 'M' },
        { label: 'Lens type', value: 'Single vision – distance' },
        { label: 'Lens index', value: '1.50 Standard' },
      ],
      prescription: SINGLE_VISION,
      correctedAt: null,
    },
  ],
};

/** An order of two frames with prescriptions (single vision, then progressive) and one with plain lenses. */
export const FIXTURE_TWO_LINE_FIX_ORDER: PrescriptionFixOrder = {
  orderNumber: '000000005',
  orderDate: '2026-02-20',
  items: [
    FIXTURE_FIX_ORDER.items[0]!,
    {
      uid: 'MTI=',
      name: 'Milo Round',
      sku: 'LN1002-TRT-M',
      options: [
        { label: 'Color', value: 'Tortoise' },
        { label: 'Size', value: 'M' },
        { label: 'Lens type', value: 'Progressive' },
        { label: 'Lens index', value: '1.50 Standard' },
      ],
      prescription: JSON.stringify({
        usage: 'PROGRESSIVE',
        exam_date: '2025-09-15',
        od: { sph: -1, cyl: 0, add: 2 },
        os: { sph: -1, cyl: 0, add: 2 },
        pd: { right: 31.5, left: 31.5 },
      }),
      correctedAt: null,
    },
    {
      uid: 'MTM=',
      name: 'Aurora Cat-Eye',
      sku: 'LN1001-BLK-M',
      options: [
        { label: 'Color', value: 'Black' },
        { label: 'Size', value: 'M' },
        { label: 'Lens type', value: 'Non-prescription' },
      ],
      prescription: null,
      correctedAt: null,
    },
  ],
};
