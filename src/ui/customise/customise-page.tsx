import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { stepOf, stepsOf, type CustomiseStep } from '../../machines/customise/customise.machine';
import { CUSTOMISE_STEPS, type VariantPreselection } from '../../machines/customise/customise.types';
import { stepOfSearch } from '../../machines/shared/step-history';
import { shopFailureMessage } from '../../machines/shared/shop-failure';
import { usePoppedStep } from '../shared/use-popped-step';
import type { CustomiseActor } from './customise-actor';
import { usePageActor } from '../app/page-actors';
import { Button, buttonClassName } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { shopperMessageOf } from '../shared/shopper-message';
import { useDocumentTitle } from '../shared/use-document-title';
import { CoatingsStep, FrameChoice, FrameStep, LensStep, UsageStep } from './customise-steps';
import { useRuleMessage } from '../prescriptions';
import { PrescriptionStep } from './prescription-step';
import { Stepper } from '../shared/stepper';
import { AddedConfirmation, ReviewStep } from './review-step';
import styles from './customise.module.css';

/** The wizard's load failure for an address naming no frame (spec §8 page not found). */
const FRAME_NOT_FOUND = shopFailureMessage('frameNotFound');

/** The query's attribute codes and values (`?color=49&size=52`): the product page's colour and size. */
export function preselectionOfSearch(search: URLSearchParams): VariantPreselection {
  return Object.fromEntries([...search.entries()].filter(([code, value]) => code !== 'edit' && /^[a-z][a-z0-9_]*$/.test(code) && /^\d+$/.test(value)));
}

/**
 * `/customize/:urlKey?` (spec §2, public): the lens wizard for a frame. The query carries the product
 * page's colour and size (`?color=49&size=52`), or the cart line to reopen (`?edit={itemUid}`).
 * The wizard is the page machine 'customise' (ADR 009): the page host starts it in the shop's actor
 * system, so it reaches the system's cart with sendTo, and stops it when the route is left.
 */
export function CustomisePage() {
  const { urlKey } = useParams<{ urlKey?: string }>();
  const [search] = useSearchParams();
  const editItemUid = search.get('edit');
  const preselect = preselectionOfSearch(search);
  // ADR 008: the step the URL names (a reload, Back into the wizard), opened with the choices kept for it.
  const step = stepOfSearch(search, CUSTOMISE_STEPS);
  // Another frame, cart line or colour is another wizard; another step is the same one.
  const actor = usePageActor('customise', { urlKey: urlKey ?? null, editItemUid, preselect, step }, JSON.stringify([urlKey, editItemUid, preselect]));
  return actor ? <CustomisePageWizard key={actor.sessionId} actor={actor} /> : null;
}

/** The page's wizard: Back and Forward between its steps reach its machine (ADR 008). */
function CustomisePageWizard({ actor }: { actor: CustomiseActor }) {
  // Back and Forward between the steps (ADR 008): the wizard opens the step if it can.
  const onPoppedStep = useCallback((step: CustomiseStep) => actor.send({ type: 'customise.history.step', step }), [actor]);
  usePoppedStep(CUSTOMISE_STEPS, onPoppedStep);
  return <CustomiseWizard actor={actor} />;
}

const stepTitles = defineMessages<CustomiseStep>({
  frame: { id: 'eyewear.customise.step.frame', defaultMessage: 'Frame' },
  usage: { id: 'eyewear.customise.step.usage', defaultMessage: 'Lens type' },
  prescription: { id: 'eyewear.customise.step.prescription', defaultMessage: 'Prescription' },
  lenses: { id: 'eyewear.customise.step.lenses', defaultMessage: 'Lens thickness' },
  coatings: { id: 'eyewear.customise.step.coatings', defaultMessage: 'Coatings and tint' },
  review: { id: 'eyewear.customise.step.review', defaultMessage: 'Review' },
});

/**
 * A step (or the confirmation after "Add to cart") opens at the wizard's top, with the
 * focus on its heading (`data-step-heading`), instead of where the last step's foot was scrolled. The
 * first step of the page keeps the page's own focus (its h1), and a step that focuses something of
 * its own on arrival (the lens step's upgrade notice) keeps it.
 */
function useStepOpensAtItsTop(articleRef: RefObject<HTMLElement | null>, shown: string | null) {
  const first = useRef<string | null>(null);
  useEffect(() => {
    const article = articleRef.current;
    if (shown === null || !article) return;
    if (first.current === null) {
      first.current = shown;
      return;
    }
    article.scrollIntoView({ block: 'start' });
    const heading = article.querySelector<HTMLElement>('[data-step-heading]');
    if (heading && !article.contains(document.activeElement)) heading.focus({ preventScroll: true });
  }, [articleRef, shown]);
}

/** The wizard's view of a running `customise` actor (the page's, or a story's). */
export function CustomiseWizard({ actor }: { actor: CustomiseActor }) {
  const intl = useIntl();
  const step = useSelector(actor, stepOf);
  const usage = useSelector(actor, (s) => s.context.usage);
  const productName = useSelector(actor, (s) => s.context.product?.name ?? null);
  const isLoading = useSelector(actor, (s) => s.hasTag('loading'));
  const isChoosingFrame = useSelector(actor, (s) => s.matches('choosingFrame'));
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const notCustomisable = useSelector(actor, (s) => s.matches('notCustomisable'));
  const isAdded = useSelector(actor, (s) => s.matches('added'));
  const isUpdated = useSelector(actor, (s) => s.matches('updated'));
  const outOfStock = useSelector(actor, (s) => (s.matches('outOfStock') ? s.context.stepIssue : null));
  const canChooseAnotherVariant = useSelector(actor, (s) => s.can({ type: 'customise.chooseAnotherVariant' }));
  const productUrlKey = useSelector(actor, (s) => s.context.product?.urlKey ?? null);
  const message = useRuleMessage();
  const steps = stepsOf({ usage });
  const articleRef = useRef<HTMLElement>(null);
  useStepOpensAtItsTop(articleRef, step ?? (isAdded ? 'added' : null));
  const heading = productName
    ? intl.formatMessage({ id: 'eyewear.customise.titleFor', defaultMessage: 'Lenses for {name}' }, { name: productName })
    : intl.formatMessage({ id: 'eyewear.customise.title', defaultMessage: 'Customise your glasses' });
  useDocumentTitle(heading);

  return (
    <article className={styles.page} ref={articleRef}>
      <PageHeading className={styles.title}>{heading}</PageHeading>
      {step && (
        <Stepper
          label={intl.formatMessage({ id: 'eyewear.customise.progress', defaultMessage: 'Steps' })}
          steps={steps.map((s) => ({ key: s, label: intl.formatMessage(stepTitles[s]) }))}
          current={step}
        />
      )}
      {isLoading && (
        <p role="status" className={styles.status}>
          <FormattedMessage id="eyewear.customise.loading" defaultMessage="Loading the frame and its lenses…" />
        </p>
      )}
      {loadError !== null && (
        <div role="alert" className={styles.alert}>
          {/* Spec §8: the wizard's own words ("There is no frame at this address…") are shown; a raw client error never is. */}
          <p>{shopperMessageOf(loadError, intl)}</p>
          {loadError === FRAME_NOT_FOUND ? (
            // No retry can find a frame the address does not name: the way on is the store view's eyeglasses.
            <Link className={buttonClassName()} to="/eyeglasses.html">
              <FormattedMessage id="eyewear.customise.chooseFrame" defaultMessage="Choose a frame" />
            </Link>
          ) : (
            <Button onClick={() => actor.send({ type: 'customise.retry' })}>
              <FormattedMessage id="eyewear.customise.retry" defaultMessage="Try again" />
            </Button>
          )}
        </div>
      )}
      {notCustomisable && (
        <div role="alert" className={styles.alert}>
          <p>
            <FormattedMessage id="eyewear.customise.notCustomisable" defaultMessage="This product cannot be fitted with lenses online." />
          </p>
          <Button onClick={() => actor.send({ type: 'customise.chooseAnotherFrame' })}>
            <FormattedMessage id="eyewear.customise.chooseAnother" defaultMessage="Choose another frame" />
          </Button>
        </div>
      )}
      {outOfStock !== null && (
        <div role="alert" className={styles.alert}>
          <p>{message(outOfStock)}</p>
          <div className={styles.actions}>
            {canChooseAnotherVariant && (
              <Button priority="high" onClick={() => actor.send({ type: 'customise.chooseAnotherVariant' })}>
                <FormattedMessage id="eyewear.customise.chooseAnotherVariant" defaultMessage="Choose another colour or size" />
              </Button>
            )}
            {productUrlKey ? (
              <Link className={buttonClassName({ priority: 'low' })} to={`/${productUrlKey}.html`}>
                <FormattedMessage id="eyewear.customise.backToProduct" defaultMessage="Back to the frame" />
              </Link>
            ) : null}
          </div>
        </div>
      )}
      {isChoosingFrame && <FrameChoice actor={actor} />}
      {step === 'frame' && <FrameStep actor={actor} />}
      {step === 'usage' && <UsageStep actor={actor} />}
      {step === 'prescription' && <PrescriptionStep actor={actor} />}
      {step === 'lenses' && <LensStep actor={actor} />}
      {step === 'coatings' && <CoatingsStep actor={actor} />}
      {step === 'review' && <ReviewStep actor={actor} />}
      {isAdded && <AddedConfirmation actor={actor} />}
      {isUpdated && (
        <>
          <p role="status" className={styles.status}>
            <FormattedMessage id="eyewear.customise.updated" defaultMessage="Your cart is updated." />
          </p>
          <Navigate to="/cart" replace />
        </>
      )}
    </article>
  );
}
