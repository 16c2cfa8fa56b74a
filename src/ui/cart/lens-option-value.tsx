import { FormattedMessage, useIntl } from 'react-intl';
import { isPrescriptionToFollow } from '../../machines/customise/prescription-to-follow';
import { prescriptionFileUrl } from '../../services/customise/prescription-file-url';
import {
  prescriptionSummaryOf,
  uploadedPrescriptionSummaryOf,
  type PrescriptionEyeSummary,
  type PrescriptionSummary,
  type UploadedPrescriptionSummary,
} from './cart-line';
import { formatDioptres, formatMillimetres } from '../shared/prescription-numbers';
import { prescriptionTerms } from '../shared/prescription-terms';
import { ReflowTable } from '../shared/reflow-table';
import styles from './lens-option-value.module.css';

/**
 * The value of a lens option wherever a frame with lenses is listed (cart line, receipt, order):
 * a prescription as a small table per eye, an uploaded prescription as its file name with a link
 * opening it, one to send later in the shopper's words, any other value as its text.
 */
export function LensOptionValue({ value }: { value: string }) {
  if (isPrescriptionToFollow(value)) return <FormattedMessage id="eyewear.prescription.toFollow" defaultMessage="To follow: you send it after ordering" />;
  const prescription = prescriptionSummaryOf(value);
  if (prescription) return <PrescriptionTable prescription={prescription} />;
  const uploaded = uploadedPrescriptionSummaryOf(value);
  return uploaded ? <UploadedPrescription uploaded={uploaded} /> : <>{value}</>;
}

/** "Uploaded file rx.pdf (open)": the reference in the link is what lets its owner open the file. */
export function UploadedPrescription({ uploaded }: { uploaded: UploadedPrescriptionSummary }) {
  return (
    <span className={styles.note}>
      <FormattedMessage id="eyewear.prescription.uploadedFile" defaultMessage="Uploaded file {name}" values={{ name: uploaded.fileName }} />{' '}
      <a href={prescriptionFileUrl(uploaded.reference)} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="eyewear.prescription.openFile" defaultMessage="Open the file" />
      </a>
    </span>
  );
}

/**
 * OD and OS rows with SPH, CYL, AXIS, and ADD or per-eye PD when given; a single PD below. Where the
 * line is narrow (a phone's cart, the mini cart) each eye reflows into a card (no scroller).
 */
export function PrescriptionTable({ prescription }: { prescription: PrescriptionSummary }) {
  const intl = useIntl();
  const { od, os } = prescription;
  const withAdd = od.add !== null || os.add !== null;
  const withEyePd = od.pd !== null || os.pd !== null;
  const columns = [
    { key: 'sph', label: intl.formatMessage(prescriptionTerms.sph) },
    { key: 'cyl', label: intl.formatMessage(prescriptionTerms.cyl) },
    { key: 'axis', label: intl.formatMessage(prescriptionTerms.axis) },
    ...(withAdd ? [{ key: 'add', label: intl.formatMessage(prescriptionTerms.add) }] : []),
    ...(withEyePd ? [{ key: 'pd', label: intl.formatMessage(prescriptionTerms.pd) }] : []),
  ];
  const rowOf = (key: string, header: string, eye: PrescriptionEyeSummary) => ({
    key,
    header,
    cells: {
      sph: dioptresText(eye.sph, intl),
      cyl: dioptresText(eye.cyl, intl),
      axis: eye.axis,
      add: eye.add === null ? '—' : dioptresText(eye.add, intl),
      pd: eye.pd === null ? '—' : intl.formatMessage(prescriptionTerms.millimetres, { value: millimetresText(eye.pd, intl) }),
    },
  });
  return (
    <div className={styles.note}>
      <ReflowTable
        caption={intl.formatMessage({ id: 'checkout.prescription.caption', defaultMessage: 'Prescription' })}
        rowHeaderLabel={intl.formatMessage({ id: 'checkout.prescription.eye', defaultMessage: 'Eye' })}
        columns={columns}
        rows={[
          rowOf('od', intl.formatMessage({ id: 'checkout.prescription.od', defaultMessage: 'OD (right eye)' }), od),
          rowOf('os', intl.formatMessage({ id: 'checkout.prescription.os', defaultMessage: 'OS (left eye)' }), os),
        ]}
      />
      {prescription.pd !== null ? (
        <span className={styles.note}>
          <FormattedMessage id="checkout.prescription.pd" defaultMessage="PD: {pd} mm" values={{ pd: millimetresText(prescription.pd, intl) }} />
        </span>
      ) : null}
      {prescription.examDate ? (
        <span className={styles.note}>
          <FormattedMessage
            id="checkout.prescription.examDate"
            defaultMessage="Eye exam: {date}"
            values={{ date: examDateText(prescription.examDate, intl) }}
          />
        </span>
      ) : null}
    </div>
  );
}

/** Dioptres ("-2.25", "+1.50") as the store view writes numbers ("-2,25" in fr); any other text as it is. */
function dioptresText(value: string, intl: ReturnType<typeof useIntl>): string {
  return /^[+-]?\d+\.\d{2}$/.test(value) ? formatDioptres(intl, Number(value)) : value;
}

/** Millimetres ("63", "31.5") as the store view writes numbers; any other text as it is. */
function millimetresText(value: string, intl: ReturnType<typeof useIntl>): string {
  return /^\d+(\.\d)?$/.test(value) ? formatMillimetres(intl, Number(value)) : value;
}

/**
 * The exam date as the store view writes dates ("Oct 28, 2026", "28 oct. 2026"), not the ISO
 * "2026-10-28" the prescription carries; a calendar day, so read and written in UTC (no time zone
 * moves it a day). Any other text is shown as it is.
 */
function examDateText(examDate: string, intl: ReturnType<typeof useIntl>): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(examDate)) return examDate;
  const day = new Date(`${examDate}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? examDate : intl.formatDate(day, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Label/value options of an ordered line (colour, size, lens choices, prescription) as a list. */
export function LensOptionList({ options, className }: { options: ReadonlyArray<{ label: string; value: string } | null>; className?: string }) {
  const shown = options.filter((o): o is { label: string; value: string } => o !== null);
  if (!shown.length) return null;
  return (
    <dl className={[styles.list, className].filter(Boolean).join(' ')}>
      {shown.map((option) => (
        <LensOptionRow key={option.label} label={option.label} value={option.value} className={styles.listRow} />
      ))}
    </dl>
  );
}

/** One option of a line in a description list: its label, and its value as LensOptionValue shows it. */
export function LensOptionRow({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>
        <LensOptionValue value={value} />
      </dd>
    </div>
  );
}
