import { useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { correctableLinesOf, type PrescriptionFixActor } from '../../machines/prescription/prescription-fix.machine';
import { usePageActor } from '../app/page-actors';
import { LensOptionList } from '../cart';
import { Button } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { useDocumentTitle } from '../shared/use-document-title';
import { PrescriptionFormFields } from './prescription-form-fields';
import styles from './prescriptions.module.css';
import { ErrorLine } from '../shared/error-line';
import { TextAreaField } from '../shared/text-area-field';

/**
 * `/prescriptionfix/:orderId/:keyFix?` (spec §2, public): corrects the prescription of an order from
 * the single-use link of the order email (the page machine 'prescriptionFix', ADR 009; another link
 * is another fix, so another machine).
 */
export function PrescriptionFixPage() {
  const { orderId = '', keyFix = '' } = useParams<{ orderId: string; keyFix?: string }>();
  const actor = usePageActor('prescriptionFix', { orderNumber: orderId, key: keyFix });
  return actor ? <PrescriptionFixView key={actor.sessionId} actor={actor} /> : null;
}

/** The page's view of a running `prescriptionFix` actor (the page's, or a story's). */
export function PrescriptionFixView({ actor }: { actor: PrescriptionFixActor }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'eyewear.fix.title', defaultMessage: 'Correct your prescription' });
  useDocumentTitle(title);
  const missingKey = useSelector(actor, (s) => s.matches('missingKey'));
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('starting'));
  const invalid = useSelector(actor, (s) => (s.matches('invalid') ? s.context.error : null));
  const open = useSelector(actor, (s) => s.matches('choosing') || s.matches('editing'));
  const fixed = useSelector(actor, (s) => s.matches('fixed'));
  return (
    <article className={styles.page}>
      <PageHeading className={styles.title}>{title}</PageHeading>
      {missingKey ? (
        <p role="alert" className={styles.alert}>
          <FormattedMessage id="eyewear.fix.noKey" defaultMessage="This link is incomplete: open the full link from your order email." />
        </p>
      ) : null}
      {loading ? (
        <p role="status">
          <FormattedMessage id="eyewear.fix.loading" defaultMessage="Checking your link…" />
        </p>
      ) : null}
      {invalid !== null ? (
        <p role="alert" className={styles.alert}>
          {invalid}
        </p>
      ) : null}
      {open ? <PrescriptionFixLines actor={actor} /> : null}
      {fixed ? <PrescriptionFixDone actor={actor} /> : null}
    </article>
  );
}

/** The order's lines (ADR 041): each frame with its options and prescription; the chosen one holds the form. */
function PrescriptionFixLines({ actor }: { actor: PrescriptionFixActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  const lineUid = useSelector(actor, (s) => s.context.lineUid);
  const intl = useIntl();
  if (!order) return null;
  const several = correctableLinesOf(order).length > 1;
  return (
    <section className={styles.item} aria-labelledby="fix-order">
      <div className={styles.summary}>
        <h2 id="fix-order" className={styles.itemTitle}>
          <FormattedMessage
            id="eyewear.fix.order"
            defaultMessage="Order #{order} of {date}"
            values={{ order: order.orderNumber, date: <FormattedDate value={`${order.orderDate}T12:00:00Z`} dateStyle="long" /> }}
          />
        </h2>
        {several ? (
          <p>
            <FormattedMessage id="eyewear.fix.chooseLine" defaultMessage="Each frame has its own prescription: correct the one that is wrong." />
          </p>
        ) : null}
      </div>
      <ul className={styles.list}>
        {order.items.map((line) => (
          <li key={line.uid} className={styles.line} aria-labelledby={`fix-line-${line.uid}`}>
            <h3 id={`fix-line-${line.uid}`} className={styles.itemTitle}>
              {line.name}
            </h3>
            <LensOptionList
              options={[
                ...line.options,
                ...(line.prescription !== null
                  ? [{ label: intl.formatMessage({ id: 'eyewear.fix.prescription', defaultMessage: 'Prescription' }), value: line.prescription }]
                  : []),
              ]}
            />
            {line.uid === lineUid ? (
              <PrescriptionFixForm actor={actor} lineName={line.name} />
            ) : line.correctedAt !== null ? (
              <p className={styles.lineNote}>
                <FormattedMessage id="eyewear.fix.corrected" defaultMessage="Corrected: our optician has the new values." />
              </p>
            ) : line.prescription !== null ? (
              <div className={styles.itemActions}>
                <Button
                  priority="low"
                  aria-describedby={`fix-line-${line.uid}`}
                  onClick={() => actor.send({ type: 'prescriptionFix.chooseLine', uid: line.uid })}
                >
                  <FormattedMessage id="eyewear.fix.correctLine" defaultMessage="Correct this prescription" />
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PrescriptionFixForm({ actor, lineName }: { actor: PrescriptionFixActor; lineName: string }) {
  const form = useSelector(actor, (s) => s.context.form);
  const comment = useSelector(actor, (s) => s.context.comment);
  const error = useSelector(actor, (s) => s.context.error);
  const sending = useSelector(actor, (s) => s.matches({ editing: 'sending' }));
  if (!form) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'prescriptionFix.submit' });
  };
  return (
    <form className={styles.lineForm} onSubmit={onSubmit} noValidate aria-labelledby="fix-form">
      <p id="fix-form" className={styles.itemTitle}>
        <FormattedMessage id="eyewear.fix.formOf" defaultMessage="The corrected prescription of {frame}" values={{ frame: lineName }} />
      </p>
      <PrescriptionFormFields form={form} idBase="fix" />
      <TextAreaField
        id="fix-comment"
        fieldClassName={styles.field}
        className={styles.comment}
        label={<FormattedMessage id="eyewear.fix.comment" defaultMessage="A note for our optician (optional)" />}
        value={comment}
        maxLength={1000}
        onValue={(note) => actor.send({ type: 'prescriptionFix.setComment', comment: note })}
      />
      <ErrorLine message={error} className={styles.error} />
      <div className={styles.itemActions}>
        <Button type="submit" priority="high" disabled={sending} aria-busy={sending || undefined}>
          <FormattedMessage id="eyewear.fix.submit" defaultMessage="Send the corrected prescription" />
        </Button>
      </div>
    </form>
  );
}

/** The line is corrected: which frame, in which order; the next line when the link is still open. */
function PrescriptionFixDone({ actor }: { actor: PrescriptionFixActor }) {
  const fixed = useSelector(actor, (s) => s.context.fixed);
  const lineName = useSelector(actor, (s) => s.context.order?.items.find((l) => l.uid === s.context.fixed?.lineUid)?.name ?? '');
  if (!fixed) return null;
  return (
    <div role="status" className={styles.item}>
      <h2 className={styles.itemTitle}>
        <FormattedMessage
          id="eyewear.fix.lineDone"
          defaultMessage="Thank you: the prescription of {frame} in order #{order} is corrected."
          values={{ frame: lineName, order: fixed.orderNumber }}
        />
      </h2>
      <p>
        <FormattedMessage
          id="eyewear.fix.lineDoneDetail"
          defaultMessage="Our optician makes its lenses with the new values, which your order now shows. We have emailed them to you."
        />
      </p>
      {fixed.linkOpen ? (
        <>
          <p>
            <FormattedMessage id="eyewear.fix.anotherLeft" defaultMessage="Another frame of this order can still be corrected with this link." />
          </p>
          <div className={styles.itemActions}>
            <Button priority="high" onClick={() => actor.send({ type: 'prescriptionFix.chooseAnother' })}>
              <FormattedMessage id="eyewear.fix.correctAnother" defaultMessage="Correct another frame" />
            </Button>
          </div>
        </>
      ) : (
        <p>
          <FormattedMessage id="eyewear.fix.linkUsedUp" defaultMessage="This link cannot be used again." />
        </p>
      )}
    </div>
  );
}
