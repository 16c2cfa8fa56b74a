import { useMutation, useQuery } from '@apollo/client';
import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import {
  checkPrescription,
  draftForUsage,
  draftOfPrescription,
  emptyPrescriptionDraft,
  payloadOf,
  setDraftField,
  setPdMode,
  type LensUsage,
  type PrescriptionDraft,
  type PrescriptionField,
} from '../../../machines/prescription/prescription-rules';
import { FIX_ORDER_PRESCRIPTION, PRESCRIPTION_FIX_ORDER, type PrescriptionFixOrderNode } from '../../../services/customise/customise.operations';
import { Button } from '../../shared/button';
import { PageHeading } from '../../shared/page-heading';
import { useDocumentTitle } from '../../shared/use-document-title';
import { PrescriptionForm } from '../prescriptions/prescription-form';
import { LensUsageField } from '../prescriptions/lens-usage-field';
import styles from '../prescriptions/prescriptions.module.css';

const todayIso = () => new Date().toLocaleDateString('en-CA');

/** The prescription an order item was bought with, as a draft to start from (when it was typed in). */
function startingPoint(order: PrescriptionFixOrderNode): { usage: LensUsage; draft: PrescriptionDraft } {
  for (const item of order.items) {
    if (!item?.prescription) continue;
    try {
      const parsed = JSON.parse(item.prescription) as { usage?: LensUsage; exam_date?: string; od?: never; os?: never; pd?: never };
      if (parsed.od && parsed.os && parsed.pd) {
        const usage = parsed.usage && parsed.usage !== 'NON_PRESCRIPTION' ? parsed.usage : 'SINGLE_VISION_DISTANCE';
        return { usage, draft: draftOfPrescription({ examDate: parsed.exam_date ?? '', od: parsed.od, os: parsed.os, pd: parsed.pd }) };
      }
    } catch {
      // A note ("to follow", a file name): start from an empty form.
    }
  }
  return { usage: 'SINGLE_VISION_DISTANCE', draft: emptyPrescriptionDraft() };
}

/**
 * `/prescriptionfix/:orderId/:keyFix?` (spec §2, public): corrects the prescription of an order from
 * the single-use link of the order email. A wrong or used link says so; success confirms.
 */
export function PrescriptionFixPage() {
  const { orderId = '', keyFix = '' } = useParams<{ orderId: string; keyFix?: string }>();
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'eyewear.fix.title', defaultMessage: 'Correct your prescription' });
  useDocumentTitle(title);
  // A link turns "used" once fixed: never answer it from a cache (Apollo's, or the browser's for GET queries).
  const { data, loading, error } = useQuery(PRESCRIPTION_FIX_ORDER, {
    variables: { orderNumber: orderId, key: keyFix },
    skip: !keyFix,
    fetchPolicy: 'network-only',
    context: { fetchOptions: { cache: 'no-store' } },
  });
  const order = data?.lunettePrescriptionFixOrder ?? null;

  let body;
  if (!keyFix) {
    body = (
      <p role="alert" className={styles.alert}>
        <FormattedMessage id="eyewear.fix.noKey" defaultMessage="This link is incomplete: open the full link from your order email." />
      </p>
    );
  } else if (loading && !order) {
    body = (
      <p role="status">
        <FormattedMessage id="eyewear.fix.loading" defaultMessage="Checking your link…" />
      </p>
    );
  } else if (error || !order) {
    body = (
      <p role="alert" className={styles.alert}>
        {error?.graphQLErrors[0]?.message ?? error?.message ?? intl.formatMessage({ id: 'eyewear.fix.invalid', defaultMessage: 'The prescription fix link is invalid. Check the link in your order email.' })}
      </p>
    );
  } else {
    body = <PrescriptionFixForm order={order} fixKey={keyFix} />;
  }
  return (
    <article className={styles.page}>
      <PageHeading className={styles.title}>{title}</PageHeading>
      {body}
    </article>
  );
}

export function PrescriptionFixForm({ order, fixKey }: { order: PrescriptionFixOrderNode; fixKey: string }) {
  const [start] = useState(() => startingPoint(order));
  const [usage, setUsage] = useState<LensUsage>(start.usage);
  const [draft, setDraft] = useState(start.draft);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState<PrescriptionField[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [fix, { data, loading, error }] = useMutation(FIX_ORDER_PRESCRIPTION);
  const check = checkPrescription(draft, { usage, today: todayIso() });
  const issues = submitted ? check.issues : Object.fromEntries(Object.entries(check.issues).filter(([f]) => touched.includes(f as PrescriptionField)));
  const count = Object.keys(check.issues).length;
  const done = data?.lunetteFixOrderPrescription;

  if (done) {
    return (
      <div role="status" className={styles.item}>
        <h2 className={styles.itemTitle}>
          <FormattedMessage id="eyewear.fix.done" defaultMessage="Thank you: the prescription of order #{order} is corrected." values={{ order: done.order_number }} />
        </h2>
        <p>
          <FormattedMessage id="eyewear.fix.doneDetail" defaultMessage="Our optician makes your lenses with the new values. This link cannot be used again." />
        </p>
      </div>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!check.prescription) return;
    void fix({
      variables: { input: { order_number: order.order_number, key: fixKey, prescription: payloadOf(check.prescription, { withPrism: false }), comment: comment.trim() || null } },
    }).catch(() => undefined);
  };

  return (
    <form className={styles.editor} onSubmit={onSubmit} noValidate aria-labelledby="fix-order">
      <div className={styles.summary}>
        <h2 id="fix-order" className={styles.itemTitle}>
          <FormattedMessage
            id="eyewear.fix.order"
            defaultMessage="Order #{order} of {date}"
            values={{ order: order.order_number, date: <FormattedDate value={`${order.order_date}T12:00:00Z`} dateStyle="long" /> }}
          />
        </h2>
        <ul>
          {order.items.flatMap((item, i) => (item ? [<li key={`${item.product_sku}-${i}`}>{item.product_name}</li>] : []))}
        </ul>
      </div>
      {submitted && count > 0 ? (
        <p role="alert" className={styles.error}>
          <FormattedMessage id="eyewear.rx.summary" defaultMessage="{count, plural, one {# value needs fixing} other {# values need fixing}}: see the messages next to the fields." values={{ count }} />
        </p>
      ) : null}
      <LensUsageField
        id="fix-usage"
        value={usage}
        onChange={(next) => {
          setUsage(next);
          setDraft((d) => draftForUsage(d, next));
        }}
      />
      <PrescriptionForm
        draft={draft}
        issues={issues}
        usage={usage}
        onChange={(field, value) => setDraft((d) => setDraftField(d, field, value))}
        onLeave={(field) => setTouched((t) => (t.includes(field) ? t : [...t, field]))}
        onPdMode={(mode) => setDraft((d) => setPdMode(d, mode))}
      />
      <div className={styles.field}>
        <label htmlFor="fix-comment">
          <FormattedMessage id="eyewear.fix.comment" defaultMessage="A note for our optician (optional)" />
        </label>
        <textarea id="fix-comment" className={styles.comment} value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)} />
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error.graphQLErrors[0]?.message ?? error.message}
        </p>
      ) : null}
      <div className={styles.itemActions}>
        <Button type="submit" priority="high" disabled={loading}>
          <FormattedMessage id="eyewear.fix.submit" defaultMessage="Send the corrected prescription" />
        </Button>
      </div>
    </form>
  );
}
