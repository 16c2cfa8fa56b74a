import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import {
  formIsChecked,
  formIssuesOf,
  visibleFormIssuesOf,
  type PrescriptionFormActor,
  type PrescriptionFormSnapshot,
} from '../../machines/prescription/prescription-form.machine';
import type { PrescriptionIssues } from '../../../rules/eyewear/prescription';
import { PrescriptionScan } from './prescription-scan-sheet';
import { Button } from '../shared/button';
import { LensUsageField } from './lens-usage-field';
import { PrescriptionForm } from './prescription-form';
import styles from './prescriptions.module.css';

const sameIssues = (a: PrescriptionIssues, b: PrescriptionIssues) => JSON.stringify(a) === JSON.stringify(b);
const selectIssueCount = (s: PrescriptionFormSnapshot) => (formIsChecked(s) ? Object.keys(formIssuesOf(s)).length : 0);
const sameFields = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

export interface PrescriptionFormFieldsProps {
  form: PrescriptionFormActor;
  idBase: string;
  extraIssues?: number;
  /** The lens type as a field (the lens wizard asks for it on a step of its own). */
  withUsage?: boolean;
  /** Prism travels with a cart line only. */
  allowPrism?: boolean;
}

/**
 * A running `prescriptionForm` child as fields: the lens type, the grid per eye, PD and exam date,
 * each problem next to its field, and (once submitted) how many need fixing. The saved prescriptions
 * page, the prescription fix page and the lens wizard's prescription step all render it.
 */
export function PrescriptionFormFields({ form, idBase, extraIssues = 0, withUsage = true, allowPrism = false }: PrescriptionFormFieldsProps) {
  const draft = useSelector(form, (s) => s.context.draft);
  const usage = useSelector(form, (s) => s.context.usage);
  const issues = useSelector(form, visibleFormIssuesOf, sameIssues);
  const count = useSelector(form, selectIssueCount) + extraIssues;
  const toCheck = useSelector(form, (s) => s.context.toCheck, sameFields);
  const checked = useSelector(form, formIsChecked);
  return (
    <>
      <PrescriptionScan form={form} idBase={idBase} />
      {count > 0 ? (
        <p role="alert" className={styles.error}>
          <FormattedMessage
            id="eyewear.rx.summary"
            defaultMessage="{count, plural, one {# value needs fixing} other {# values need fixing}}: see the messages next to the fields."
            values={{ count }}
          />
        </p>
      ) : null}
      {withUsage ? (
        <LensUsageField id={`${idBase}-usage`} value={usage} onChange={(next) => form.send({ type: 'prescription.setUsage', usage: next })} />
      ) : null}
      <PrescriptionForm
        draft={draft}
        issues={issues}
        usage={usage}
        allowPrism={allowPrism}
        onChange={(field, value) => form.send({ type: 'prescription.change', field, value })}
        onLeave={(field) => form.send({ type: 'prescription.leaveField', field })}
        onPdMode={(mode) => form.send({ type: 'prescription.setPdMode', mode })}
        toCheck={toCheck}
      />
      {toCheck.length > 0 ? (
        <div className={styles.notice}>
          {/* why nothing can be saved or added yet: said once a submit was tried, as an alert */}
          <p role={checked ? 'alert' : undefined}>
            <FormattedMessage
              id="eyewear.scan.checkMarked"
              defaultMessage="{count, plural, one {# value read from your photo is marked “Check this”} other {# values read from your photo are marked “Check this”}}: compare them with your paper and correct them, or confirm them, before you go on."
              values={{ count: toCheck.length }}
            />
          </p>
          <Button onClick={() => form.send({ type: 'prescription.confirmScanned' })}>
            <FormattedMessage id="eyewear.scan.confirm" defaultMessage="These values match my paper" />
          </Button>
        </div>
      ) : null}
    </>
  );
}
