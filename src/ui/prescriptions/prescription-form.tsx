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
} from '../../machines/prescription/prescription-rules';
import { prescriptionTerms } from '../shared/prescription-terms';
import styles from './prescription-form.module.css';
import { useRuleMessage } from './rule-message';

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
}

/** The DOM id of a field's input, so an error summary can link to it. */
export const fieldInputId = (idBase: string, field: PrescriptionField) => `${idBase}-${field.replace('.', '-')}`;

/**
 * The prescription grid: OD (right eye) then OS (left eye); SPH, CYL, AXIS and (when it applies)
 * ADD per eye; PD single or dual; the exam date; the kind of prescription. Every input is labelled,
 * marked invalid with its message next to it.
 */
export function PrescriptionForm({ draft, issues, usage, onChange, onLeave, onPdMode, allowPrism = false }: PrescriptionFormProps) {
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
  const columnName = (field: EyeField) => intl.formatMessage(prescriptionTerms[field]);

  const input = (
    field: PrescriptionField,
    label: string,
    props: { inputMode?: 'decimal' | 'numeric'; placeholder?: string; className?: string; type?: string; eye?: Eye } = {},
  ) => {
    const id = fieldInputId(idBase, field);
    const issue = issues[field];
    const value = fieldValue(draft, field);
    return (
      <span className={props.className ?? styles.cell}>
        <label htmlFor={id} className={styles.cellLabel}>
          {props.eye ? <span className="visually-hidden">{eyeName(props.eye)} </span> : null}
          {label}
        </label>
        <input
          id={id}
          className={styles.input}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          autoComplete="off"
          value={value}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? `${id}-error` : undefined}
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
      <div className={styles.field}>
        <label htmlFor={fieldInputId(idBase, 'kind')}>
          <FormattedMessage id="eyewear.rx.kind" defaultMessage="This prescription is for" />
        </label>
        <select
          id={fieldInputId(idBase, 'kind')}
          className={styles.select}
          value={draft.kind}
          aria-invalid={issues.kind ? true : undefined}
          aria-describedby={issues.kind ? `${fieldInputId(idBase, 'kind')}-error` : undefined}
          onChange={(e) => onChange('kind', e.target.value)}
        >
          <option value="glasses">{intl.formatMessage({ id: 'eyewear.rx.kind.glasses', defaultMessage: 'Glasses' })}</option>
          <option value="contact-lenses">{intl.formatMessage({ id: 'eyewear.rx.kind.contacts', defaultMessage: 'Contact lenses' })}</option>
        </select>
        {errorsOf(['kind'])}
      </div>

      <fieldset className={styles.eyes}>
        <legend>
          <FormattedMessage id="eyewear.rx.values" defaultMessage="Prescription values" />
        </legend>
        <p className={styles.hint}>
          <FormattedMessage
            id="eyewear.rx.hint"
            defaultMessage="Type powers with their sign, e.g. -2.25 or +1.50. Plano (PL) means 0.00. Leave CYL and AXIS empty if your prescription has none."
          />
        </p>
        {EYES.map((eye) => (
          <div key={eye} className={styles.eyeRow} role="group" aria-label={eyeName(eye)}>
            <span className={styles.eyeName} aria-hidden="true">
              {eye.toUpperCase()}
            </span>
            <div className={styles.cells}>
              {eyeFields.map((field) =>
                input(`${eye}.${field}`, columnName(field), {
                  eye,
                  inputMode: field === 'axis' ? 'numeric' : 'decimal',
                  placeholder: field === 'axis' ? '1–180' : field === 'add' ? '+2.00' : '0.00',
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
            <FormattedMessage id="eyewear.rx.prism" defaultMessage="Prism (optional, up to 5.00 Δ)" />
          </legend>
          {EYES.map((eye) => {
            const baseId = fieldInputId(idBase, `${eye}.prismBase`);
            return (
              <div key={eye} className={styles.eyeRow} role="group" aria-label={eyeName(eye)}>
                <span className={styles.eyeName} aria-hidden="true">
                  {eye.toUpperCase()}
                </span>
                <div className={styles.cells}>
                  {input(`${eye}.prism`, intl.formatMessage(prescriptionTerms.prism), { eye, inputMode: 'decimal', placeholder: '0.00' })}
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
        <div className={styles.cells}>
          {draft.pdMode === 'single'
            ? input('pd', intl.formatMessage({ id: 'eyewear.rx.pd.label', defaultMessage: 'PD' }), { inputMode: 'decimal', placeholder: '63' })
            : [
                input('pdRight', intl.formatMessage({ id: 'eyewear.rx.pd.right', defaultMessage: 'Right PD' }), { inputMode: 'decimal', placeholder: '31.5' }),
                input('pdLeft', intl.formatMessage({ id: 'eyewear.rx.pd.left', defaultMessage: 'Left PD' }), { inputMode: 'decimal', placeholder: '31.5' }),
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
