import { useId } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import {
  EYES,
  PRISM_BASES,
  type Eye,
  type EyeField,
  type LensUsage,
  type PdMode,
  type PrescriptionDraft,
  type PrescriptionField,
  type PrescriptionIssues,
} from '../../../rules/eyewear/prescription';
import { prescriptionTerms } from '../shared/prescription-terms';
import styles from './prescription-form.module.css';
import { localisedDecimal, useRuleMessage } from './rule-message';

/** Prism base directions (eyewear notes: up, down, in, out). */
const PRISM_BASE_LABELS = defineMessages({
  up: { id: 'eyewear.rx.prismBase.up', defaultMessage: 'up' },
  down: { id: 'eyewear.rx.prismBase.down', defaultMessage: 'down' },
  in: { id: 'eyewear.rx.prismBase.in', defaultMessage: 'in' },
  out: { id: 'eyewear.rx.prismBase.out', defaultMessage: 'out' },
});

export interface PrescriptionFormProps {
  draft: PrescriptionDraft;
  /** The problems to show now, each next to its field. */
  issues: PrescriptionIssues;
  usage: LensUsage;
  onChange: (field: PrescriptionField, value: string) => void;
  onLeave?: (field: PrescriptionField) => void;
  onPdMode: (mode: PdMode) => void;
  /** Prism travels with a cart line only (saved prescriptions and fixes carry none). */
  allowPrism?: boolean;
  /** Fields a scan filled that the shopper has to check: marked "Check this". */
  toCheck?: readonly PrescriptionField[];
}

/** The DOM id of a field's input, so an error summary can link to it. */
export const fieldInputId = (idBase: string, field: PrescriptionField) => `${idBase}-${field.replace('.', '-')}`;

/**
 * The prescription grid: OD (right eye) then OS (left eye); SPH, CYL, AXIS and (when it applies)
 * ADD per eye; PD single or dual; the exam date. Every input is labelled,
 * marked invalid with its message next to it.
 */
export function PrescriptionForm({ draft, issues, usage, onChange, onLeave, onPdMode, allowPrism = false, toCheck = [] }: PrescriptionFormProps) {
  const intl = useIntl();
  const message = useRuleMessage();
  const idBase = useId();
  const showAdd = usage === 'PROGRESSIVE' || usage === 'SINGLE_VISION_READING';
  const showPrism = allowPrism && (usage === 'SINGLE_VISION_DISTANCE' || usage === 'SINGLE_VISION_READING');
  const eyeFields: EyeField[] = showAdd ? ['sph', 'cyl', 'axis', 'add'] : ['sph', 'cyl', 'axis'];
  const eyeName = (eye: Eye) =>
    eye === 'od'
      ? intl.formatMessage({ id: 'eyewear.rx.od', defaultMessage: 'OD (right eye)' })
      : intl.formatMessage({ id: 'eyewear.rx.os', defaultMessage: 'OS (left eye)' });
  // The row says which eye in plain words first ("Right eye (OD)").
  const eyeRowName = (eye: Eye) =>
    eye === 'od'
      ? intl.formatMessage({ id: 'eyewear.rx.odRow', defaultMessage: 'Right eye (OD)' })
      : intl.formatMessage({ id: 'eyewear.rx.osRow', defaultMessage: 'Left eye (OS)' });
  const columnName = (field: EyeField) => intl.formatMessage(prescriptionTerms[field]);
  // Required fields are marked (and told to assistive technology): SPH per eye, ADD for
  // progressives, the PD and the exam date.
  const isRequired = (field: PrescriptionField) =>
    /\.sph$/.test(field) || (usage === 'PROGRESSIVE' && /\.add$/.test(field)) || ['pd', 'pdRight', 'pdLeft', 'examDate'].includes(field);
  const hintOf = (field: PrescriptionField) => (field === 'pd' || field === 'pdRight' || field === 'pdLeft' ? `${idBase}-pd-hint` : null);

  const input = (
    field: PrescriptionField,
    label: string,
    props: { inputMode?: 'decimal' | 'numeric'; placeholder?: string; className?: string; type?: string; eye?: Eye } = {},
  ) => {
    const id = fieldInputId(idBase, field);
    const issue = issues[field];
    // A value read back with a decimal point (a cart line, a saved prescription, an order to correct)
    // shows as the store view writes numbers, as the shopper typed it and as the hint shows it.
    const value = field === 'examDate' ? fieldValue(draft, field) : localisedDecimal(intl, fieldValue(draft, field));
    const required = isRequired(field);
    const marked = toCheck.includes(field);
    const describedBy = [issue ? `${id}-error` : null, marked ? `${id}-check` : null, hintOf(field)].filter(Boolean).join(' ');
    return (
      <span className={props.className ?? styles.cell}>
        {/* The mark sits beside the label, not in it: the field's name stays "Exam date" (aria-required says it). */}
        <span className={styles.labelRow}>
          <label htmlFor={id} className={styles.cellLabel}>
            {props.eye ? <span className="visually-hidden">{eyeName(props.eye)} </span> : null}
            {label}
          </label>
          {required ? (
            <span className={styles.requiredMark} aria-hidden="true">
              *
            </span>
          ) : null}
          {marked ? (
            <span id={`${id}-check`} className={styles.checkMark}>
              <FormattedMessage id="eyewear.rx.checkThis" defaultMessage="Check this" />
            </span>
          ) : null}
        </span>
        <input
          id={id}
          className={styles.input}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          autoComplete="off"
          value={value}
          aria-required={required || undefined}
          aria-invalid={issue ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => onChange(field, e.target.value)}
          onBlur={() => onLeave?.(field)}
        />
      </span>
    );
  };

  const errorsOf = (fields: PrescriptionField[]) =>
    fields.flatMap((field) => {
      const issue = issues[field];
      return issue
        ? [
            <p key={field} id={`${fieldInputId(idBase, field)}-error`} className={styles.error}>
              {message(issue)}
            </p>,
          ]
        : [];
    });

  return (
    <div className={styles.form}>
      <p className={styles.hint}>
        <FormattedMessage id="eyewear.rx.requiredNote" defaultMessage="Fields marked * are required." />
      </p>
      {/* The shop sells glasses: it never asks what a prescription is for. A contact-lens
          prescription (one saved before, or sent by hand) is still refused, in words. */}
      {errorsOf(['kind'])}

      <fieldset className={styles.eyes}>
        <legend>
          <FormattedMessage id="eyewear.rx.values" defaultMessage="Prescription values" />
        </legend>
        <p className={styles.hint}>
          <FormattedMessage
            id="eyewear.rx.hint"
            defaultMessage="Type powers with their sign, e.g. {minus} or {plus}. Plano (PL) means {zero}. Leave CYL and AXIS empty if your prescription has none."
            values={{ minus: localisedDecimal(intl, '-2.25'), plus: localisedDecimal(intl, '+1.50'), zero: localisedDecimal(intl, '0.00') }}
          />
        </p>
        {EYES.map((eye) => (
          <div key={eye} className={styles.eyeRow} role="group" aria-label={eyeName(eye)}>
            <span className={styles.eyeName} aria-hidden="true">
              {eyeRowName(eye)}
            </span>
            <div className={styles.cells}>
              {/* No value-like placeholders (they look filled in); AXIS shows its range. */}
              {eyeFields.map((field) =>
                input(`${eye}.${field}`, columnName(field), {
                  eye,
                  inputMode: field === 'axis' ? 'numeric' : 'decimal',
                  ...(field === 'axis' ? { placeholder: '1–180' } : {}),
                }),
              )}
            </div>
            <div className={styles.rowErrors}>{errorsOf(eyeFields.map((f) => `${eye}.${f}` as PrescriptionField))}</div>
          </div>
        ))}
      </fieldset>

      {showPrism && (
        <fieldset className={styles.eyes}>
          <legend>
            <FormattedMessage id="eyewear.rx.prism" defaultMessage="Prism (optional, up to {max} Δ)" values={{ max: localisedDecimal(intl, '5.00') }} />
          </legend>
          {EYES.map((eye) => {
            const baseId = fieldInputId(idBase, `${eye}.prismBase`);
            return (
              <div key={eye} className={styles.eyeRow} role="group" aria-label={eyeName(eye)}>
                <span className={styles.eyeName} aria-hidden="true">
                  {eyeRowName(eye)}
                </span>
                <div className={styles.cells}>
                  {input(`${eye}.prism`, intl.formatMessage(prescriptionTerms.prism), { eye, inputMode: 'decimal' })}
                  <span className={styles.cell}>
                    <label htmlFor={baseId} className={styles.cellLabel}>
                      <span className="visually-hidden">{eyeName(eye)} </span>
                      <FormattedMessage id="eyewear.rx.prismBase" defaultMessage="Base" />
                    </label>
                    <select
                      id={baseId}
                      className={styles.select}
                      value={draft[eye].prismBase}
                      aria-invalid={issues[`${eye}.prismBase`] ? true : undefined}
                      aria-describedby={issues[`${eye}.prismBase`] ? `${baseId}-error` : undefined}
                      onChange={(e) => onChange(`${eye}.prismBase`, e.target.value)}
                    >
                      <option value="">—</option>
                      {PRISM_BASES.map((b) => (
                        <option key={b} value={b}>
                          {intl.formatMessage(PRISM_BASE_LABELS[b])}
                        </option>
                      ))}
                    </select>
                  </span>
                </div>
                <div className={styles.rowErrors}>{errorsOf([`${eye}.prism`, `${eye}.prismBase`])}</div>
              </div>
            );
          })}
        </fieldset>
      )}

      <fieldset className={styles.pd}>
        <legend>
          <FormattedMessage id="eyewear.rx.pd" defaultMessage="Pupillary distance (PD, mm)" />
        </legend>
        <div className={styles.pdModes}>
          {(['single', 'dual'] as const).map((mode) => (
            <label key={mode} className={styles.choice}>
              <input type="radio" name={`${idBase}-pd-mode`} value={mode} checked={draft.pdMode === mode} onChange={() => onPdMode(mode)} />
              {mode === 'single'
                ? intl.formatMessage({ id: 'eyewear.rx.pd.single', defaultMessage: 'One number' })
                : intl.formatMessage({ id: 'eyewear.rx.pd.dual', defaultMessage: 'One per eye' })}
            </label>
          ))}
        </div>
        {/* A hint, not a value-like placeholder ("63" looked filled in). */}
        <p id={`${idBase}-pd-hint`} className={styles.hint}>
          {draft.pdMode === 'single'
            ? intl.formatMessage({
                id: 'eyewear.rx.pd.hint',
                defaultMessage: 'The distance between your pupils in mm, on your prescription; most adults are between 54 and 74.',
              })
            : intl.formatMessage({
                id: 'eyewear.rx.pd.dualHint',
                defaultMessage: 'Each eye’s distance to the middle of your nose in mm, usually between 27 and 37.',
              })}
        </p>
        <div className={styles.cells}>
          {draft.pdMode === 'single'
            ? input('pd', intl.formatMessage({ id: 'eyewear.rx.pd.label', defaultMessage: 'PD' }), { inputMode: 'decimal' })
            : [
                input('pdRight', intl.formatMessage({ id: 'eyewear.rx.pd.right', defaultMessage: 'Right PD' }), { inputMode: 'decimal' }),
                input('pdLeft', intl.formatMessage({ id: 'eyewear.rx.pd.left', defaultMessage: 'Left PD' }), { inputMode: 'decimal' }),
              ].map((node, i) => <span key={i}>{node}</span>)}
        </div>
        <div className={styles.rowErrors}>{errorsOf(['pd', 'pdRight', 'pdLeft'])}</div>
      </fieldset>

      <div className={styles.field}>
        {input('examDate', intl.formatMessage({ id: 'eyewear.rx.examDate', defaultMessage: 'Exam date' }), { type: 'date', className: styles.dateCell })}
        {errorsOf(['examDate'])}
      </div>
    </div>
  );
}

function fieldValue(draft: PrescriptionDraft, field: PrescriptionField): string {
  const [first, second] = field.split('.') as [string, EyeField | undefined];
  if (second && (first === 'od' || first === 'os')) return draft[first][second];
  if (field === 'pd' || field === 'pdRight' || field === 'pdLeft' || field === 'examDate') return draft[field];
  return '';
}
