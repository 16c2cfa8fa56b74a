import { useApolloClient } from '@apollo/client';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { prescriptionFixMachine, type PrescriptionFixActor } from '../../machines/prescription/prescription-fix.machine';
import { prescriptionFixImplementations } from '../../services/customise/prescription-pages.actors';
import { Button } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { useDocumentTitle } from '../shared/use-document-title';
import { PrescriptionFormFields } from './prescription-form-fields';
import styles from './prescriptions.module.css';
import { ErrorLine } from '../shared/error-line';
import { TextAreaField } from '../shared/text-area-field';

/** Today as YYYY-MM-DD in the shopper's time zone (the exam-date rule). */
const todayIso = () => new Date().toLocaleDateString('en-CA');

/**
 * `/prescriptionfix/:orderId/:keyFix?` (spec §2, public): corrects the prescription of an order from
 * the single-use link of the order email (the `prescriptionFix` machine).
 */
export function PrescriptionFixPage() {
  const { orderId = '', keyFix = '' } = useParams<{ orderId: string; keyFix?: string }>();
  // Another link is another fix: its own machine.
  return <PrescriptionFixRunner key={`${orderId}/${keyFix}`} orderNumber={orderId} fixKey={keyFix} />;
}

function PrescriptionFixRunner({ orderNumber, fixKey }: { orderNumber: string; fixKey: string }) {
  const client = useApolloClient();
  const machine = useMemo(() => prescriptionFixMachine.provide(prescriptionFixImplementations({ client })), [client]);
  const actor = useActorRef(machine, { input: { orderNumber, key: fixKey, today: todayIso() } });
  return <PrescriptionFixView actor={actor} />;
}

/** The page's view of a running `prescriptionFix` actor (the page's, or a story's). */
export function PrescriptionFixView({ actor }: { actor: PrescriptionFixActor }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'eyewear.fix.title', defaultMessage: 'Correct your prescription' });
  useDocumentTitle(title);
  const missingKey = useSelector(actor, (s) => s.matches('missingKey'));
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('starting'));
  const invalid = useSelector(actor, (s) => (s.matches('invalid') ? s.context.error : null));
  const editing = useSelector(actor, (s) => s.matches('editing'));
  const fixed = useSelector(actor, (s) => (s.matches('fixed') ? s.context.fixedOrderNumber : null));
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
      {editing ? <PrescriptionFixForm actor={actor} /> : null}
      {fixed !== null ? (
        <div role="status" className={styles.item}>
          <h2 className={styles.itemTitle}>
            <FormattedMessage id="eyewear.fix.done" defaultMessage="Thank you: the prescription of order #{order} is corrected." values={{ order: fixed }} />
          </h2>
          <p>
            <FormattedMessage
              id="eyewear.fix.doneDetail"
              defaultMessage="Our optician makes your lenses with the new values. This link cannot be used again."
            />
          </p>
        </div>
      ) : null}
    </article>
  );
}

function PrescriptionFixForm({ actor }: { actor: PrescriptionFixActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  const form = useSelector(actor, (s) => s.context.form);
  const comment = useSelector(actor, (s) => s.context.comment);
  const error = useSelector(actor, (s) => s.context.error);
  const sending = useSelector(actor, (s) => s.matches({ editing: 'sending' }));
  if (!order || !form) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'prescriptionFix.submit' });
  };
  return (
    <form className={styles.editor} onSubmit={onSubmit} noValidate aria-labelledby="fix-order">
      <div className={styles.summary}>
        <h2 id="fix-order" className={styles.itemTitle}>
          <FormattedMessage
            id="eyewear.fix.order"
            defaultMessage="Order #{order} of {date}"
            values={{ order: order.orderNumber, date: <FormattedDate value={`${order.orderDate}T12:00:00Z`} dateStyle="long" /> }}
          />
        </h2>
        <ul>
          {order.items.map((item, i) => (
            <li key={`${item.sku}-${i}`}>{item.name}</li>
          ))}
        </ul>
      </div>
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
