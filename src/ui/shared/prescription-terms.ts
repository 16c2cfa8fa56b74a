import { defineMessages } from 'react-intl';

/**
 * The short names of a prescription's values, as an optician writes them on a prescription in each
 * language (`OD`/`OS` in English, `OD`/`OG` in French, `R`/`L` in German…): the columns of the form,
 * the cart's prescription table and the one-line summaries of the wizard and saved prescriptions.
 */
type PrescriptionTerm = 'sph' | 'cyl' | 'axis' | 'add' | 'pd' | 'prism' | 'prismBase' | 'millimetres' | 'summary';

export const prescriptionTerms = defineMessages<PrescriptionTerm>({
  sph: { id: 'eyewear.term.sph', defaultMessage: 'SPH' },
  cyl: { id: 'eyewear.term.cyl', defaultMessage: 'CYL' },
  axis: { id: 'eyewear.term.axis', defaultMessage: 'AXIS' },
  add: { id: 'eyewear.term.add', defaultMessage: 'ADD' },
  pd: { id: 'eyewear.term.pd', defaultMessage: 'PD' },
  prism: { id: 'eyewear.term.prism', defaultMessage: 'Prism Δ' },
  prismBase: { id: 'eyewear.rx.prismBase', defaultMessage: 'Base' },
  millimetres: { id: 'eyewear.term.millimetres', defaultMessage: '{value} mm' },
  /** One line: "OD -2.00 -0.50 × 90 · OS -1.75 · PD 63". */
  summary: { id: 'eyewear.term.summary', defaultMessage: 'OD {od} · OS {os} · PD {pd}' },
});
