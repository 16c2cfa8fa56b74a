/** An order with a typed prescription, as /prescriptionfix loads it (the seeded order 000000001), for the machine's tests and the stories. */
import type { PrescriptionFixOrder } from './prescription-fix.machine';

export const FIXTURE_FIX_ORDER: PrescriptionFixOrder = {
  orderNumber: '000000001',
  orderDate: '2026-01-15',
  items: [
    {
      name: 'Aurora Cat-Eye',
      sku: 'LN1001-BLK-M',
      prescription: JSON.stringify({
        usage: 'SINGLE_VISION_DISTANCE',
        exam_date: '2025-09-15',
        od: { sph: -2.25, cyl: -0.5, axis: 90 },
        os: { sph: -2, cyl: 0 },
        pd: { single: 63 },
      }),
    },
  ],
};
