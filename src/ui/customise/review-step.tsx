import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  chosenValueLabels,
  frameAlone,
  frameImageOf,
  knownPrescription,
  needsPrescription,
  priceBreakdownOf,
} from '../../machines/customise/customise-choices';
import type { CustomiseStep } from '../../machines/customise/customise.machine';
import { Button, buttonClassName } from '../shared/button';
import { formatEyeSummary, formatMillimetres } from '../shared/prescription-numbers';
import { prescriptionTerms } from '../shared/prescription-terms';
import { Price } from '../shared/price';
import { SummaryBlock } from '../shared/summary-block';
import { shopperMessageOf } from '../shared/shopper-message';
import { useRuleMessage } from '../prescriptions';
import type { CustomiseActor } from './customise-actor';
import styles from './customise.module.css';

const sameLabels = (a: { attribute: string; value: string }[], b: { attribute: string; value: string }[]) =>
  a.length === b.length && a.every((v, i) => v.attribute === b[i]?.attribute && v.value === b[i]?.value);

/** The review: every choice with its price, the total, and "Add to cart". A failed add keeps it all. */
export function ReviewStep({ actor }: { actor: CustomiseActor }) {
  const intl = useIntl();
  const breakdown = useSelector(actor, (s) => priceBreakdownOf(s.context));
  const isAdding = useSelector(actor, (s) => s.matches('adding'));
  const addError = useSelector(actor, (s) => s.context.addError);
  const method = useSelector(actor, (s) => s.context.method);
  const usage = useSelector(actor, (s) => s.context.usage);
  const prescription = useSelector(actor, (s) => knownPrescription(s.context));
  const mm = (value: number | null | undefined) => (typeof value === 'number' ? formatMillimetres(intl, value) : '');
  const file = useSelector(actor, (s) => s.context.file);
  const isEditing = useSelector(actor, (s) => s.context.editing !== null);
  const chosenValues = useSelector(actor, (s) => chosenValueLabels(s.context), sameLabels);
  const imageUrl = useSelector(actor, (s) => frameImageOf(s.context));
  const stepIssue = useSelector(actor, (s) => s.context.stepIssue);
  const message = useRuleMessage();
  if (!breakdown) return null;
  // Each "Change" names what it changes, on screen as for screen readers.
  const edit = (step: CustomiseStep, label: string) => (
    <Button priority="low" className={styles.editButton} onClick={() => actor.send({ type: 'customise.goTo', step })}>
      {label}
    </Button>
  );
  return (
    <section aria-labelledby="customise-review" className={styles.stepForm}>
      <h2 id="customise-review" className={styles.stepTitle} tabIndex={-1} data-step-heading>
        <FormattedMessage id="eyewear.customise.review.title" defaultMessage="Review your glasses" />
      </h2>
      {imageUrl ? <img src={imageUrl} alt="" width={240} height={120} className={styles.reviewImage} data-testid="customise-review-image" /> : null}
      <SummaryBlock
        title={intl.formatMessage({ id: 'eyewear.customise.review.frameChoice', defaultMessage: 'Your frame' })}
        rows={chosenValues.map((v) => ({ key: v.attribute, label: v.attribute, value: v.value }))}
        action={edit('frame', intl.formatMessage({ id: 'eyewear.customise.change.frame', defaultMessage: 'Change frame' }))}
      />
      <table className={styles.breakdown}>
        <caption className="visually-hidden">{intl.formatMessage({ id: 'eyewear.customise.review.caption', defaultMessage: 'Price breakdown' })}</caption>
        <tbody>
          {breakdown.lines.map((line, i) => (
            <tr key={`${line.kind}-${i}`}>
              <th scope="row">
                {line.kind === 'prescription'
                  ? intl.formatMessage({ id: 'eyewear.customise.review.prescription', defaultMessage: 'Prescription' })
                  : line.label}
              </th>
              <td>
                <Price value={line.amount} currency={breakdown.currency} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <FormattedMessage id="eyewear.customise.review.total" defaultMessage="Total" />
            </th>
            <td>
              <Price value={breakdown.total} currency={breakdown.currency} />
            </td>
          </tr>
        </tfoot>
      </table>
      {needsPrescription(usage) && (
        <SummaryBlock
          title={<FormattedMessage id="eyewear.customise.review.rx" defaultMessage="Prescription" />}
          action={edit('prescription', intl.formatMessage({ id: 'eyewear.customise.change.prescription', defaultMessage: 'Change prescription' }))}
        >
          {prescription ? (
            <p>
              {intl.formatMessage(prescriptionTerms.summary, {
                // Numbers as the store view writes them ("-2,25" in German), ADD included, as the cart shows them.
                od: formatEyeSummary(intl, prescription.od),
                os: formatEyeSummary(intl, prescription.os),
                pd: typeof prescription.pd.single === 'number' ? mm(prescription.pd.single) : `${mm(prescription.pd.right)}/${mm(prescription.pd.left)}`,
              })}
            </p>
          ) : method === 'upload' && file ? (
            <p>
              <FormattedMessage id="eyewear.customise.review.file" defaultMessage="From your file {name}" values={{ name: file.name }} />
            </p>
          ) : (
            <p>
              <FormattedMessage id="eyewear.customise.review.later" defaultMessage="You will send it after ordering." />
            </p>
          )}
        </SummaryBlock>
      )}
      <div className={styles.editLinks}>
        {edit('usage', intl.formatMessage({ id: 'eyewear.customise.change.usage', defaultMessage: 'Change lens type' }))}
        {/* The frame alone has no lenses to change (ADR 035 "Frame only"). */}
        {frameAlone(usage) ? null : (
          <>
            {edit('lenses', intl.formatMessage({ id: 'eyewear.customise.change.lenses', defaultMessage: 'Change lenses' }))}
            {edit('coatings', intl.formatMessage({ id: 'eyewear.customise.change.coatings', defaultMessage: 'Change coatings' }))}
          </>
        )}
      </div>
      <div role="alert" className={styles.stepIssue}>
        {addError ? (
          <FormattedMessage
            id="eyewear.customise.addFailed"
            defaultMessage="Your glasses could not be added to the cart: {error}"
            values={{ error: shopperMessageOf(addError, intl) }}
          />
        ) : stepIssue ? (
          message(stepIssue)
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button priority="low" onClick={() => actor.send({ type: 'customise.back' })} disabled={isAdding}>
          <FormattedMessage id="eyewear.customise.back" defaultMessage="Back" />
        </Button>
        <Button priority="high" onClick={() => actor.send({ type: 'customise.addToCart' })} disabled={isAdding} aria-busy={isAdding || undefined}>
          {isAdding
            ? intl.formatMessage({ id: 'eyewear.customise.adding', defaultMessage: 'Adding…' })
            : isEditing
              ? intl.formatMessage({ id: 'eyewear.customise.update', defaultMessage: 'Update the cart' })
              : intl.formatMessage({ id: 'eyewear.customise.add', defaultMessage: 'Add to cart' })}
        </Button>
      </div>
    </section>
  );
}

export function AddedConfirmation({ actor }: { actor: CustomiseActor }) {
  const name = useSelector(actor, (s) => s.context.product?.name ?? '');
  const alone = useSelector(actor, (s) => frameAlone(s.context.usage));
  return (
    <section role="status" className={styles.stepForm}>
      <h2 className={styles.stepTitle} tabIndex={-1} data-step-heading>
        {alone ? (
          <FormattedMessage id="eyewear.customise.addedFrameOnly" defaultMessage="{name} is in your cart, without lenses." values={{ name }} />
        ) : (
          <FormattedMessage id="eyewear.customise.added" defaultMessage="{name} is in your cart with your lenses." values={{ name }} />
        )}
      </h2>
      <div className={styles.actions}>
        <Link className={buttonClassName({ priority: 'high' })} to="/cart">
          <FormattedMessage id="eyewear.customise.goToCart" defaultMessage="Go to the cart" />
        </Link>
        <Button priority="low" onClick={() => actor.send({ type: 'customise.goTo', step: 'review' })}>
          <FormattedMessage id="eyewear.customise.backToReview" defaultMessage="Back to the review" />
        </Button>
      </div>
    </section>
  );
}
