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
import { prescriptionTerms } from '../shared/prescription-terms';
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

/** OD and OS rows with SPH, CYL, AXIS, and ADD or per-eye PD when given; a single PD below. */
export function PrescriptionTable({ prescription }: { prescription: PrescriptionSummary }) {
  const intl = useIntl();
  const { od, os } = prescription;
  const withAdd = od.add !== null || os.add !== null;
  const withEyePd = od.pd !== null || os.pd !== null;
  const eyes: [string, PrescriptionEyeSummary][] = [
    [intl.formatMessage({ id: 'checkout.prescription.od', defaultMessage: 'OD (right eye)' }), od],
    [intl.formatMessage({ id: 'checkout.prescription.os', defaultMessage: 'OS (left eye)' }), os],
  ];
  return (
    // Focusable: a keyboard user can scroll it when a narrow screen makes it scroll (axe scrollable-region-focusable).
    <div
      className={`${styles.note} ${styles.tableScroll}`}
      role="group"
      tabIndex={0}
      aria-label={intl.formatMessage({ id: 'checkout.prescription.caption', defaultMessage: 'Prescription' })}
    >
      <table className={styles.prescription}>
        <caption className="visually-hidden">
          <FormattedMessage id="checkout.prescription.caption" defaultMessage="Prescription" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="checkout.prescription.eye" defaultMessage="Eye" />
            </th>
            <th scope="col">{intl.formatMessage(prescriptionTerms.sph)}</th>
            <th scope="col">{intl.formatMessage(prescriptionTerms.cyl)}</th>
            <th scope="col">{intl.formatMessage(prescriptionTerms.axis)}</th>
            {withAdd ? <th scope="col">{intl.formatMessage(prescriptionTerms.add)}</th> : null}
            {withEyePd ? <th scope="col">{intl.formatMessage(prescriptionTerms.pd)}</th> : null}
          </tr>
        </thead>
        <tbody>
          {eyes.map(([label, eye]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{eye.sph}</td>
              <td>{eye.cyl}</td>
              <td>{eye.axis}</td>
              {withAdd ? <td>{eye.add ?? '—'}</td> : null}
              {withEyePd ? <td>{eye.pd === null ? '—' : intl.formatMessage(prescriptionTerms.millimetres, { value: eye.pd })}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {prescription.pd !== null ? (
        <span className={styles.note}>
          <FormattedMessage id="checkout.prescription.pd" defaultMessage="PD: {pd} mm" values={{ pd: prescription.pd }} />
        </span>
      ) : null}
      {prescription.examDate ? (
        <span className={styles.note}>
          <FormattedMessage id="checkout.prescription.examDate" defaultMessage="Eye exam: {date}" values={{ date: prescription.examDate }} />
        </span>
      ) : null}
    </div>
  );
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
