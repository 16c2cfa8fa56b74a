import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import {
  chosenVariant,
  coatingChoicesOf,
  coatingPriceDifferences,
  frameImageOf,
  indexAdviceOf,
  indexChoicesOf,
  indexPriceDifferences,
  lensRefusalOf,
  recommendedIndexUid,
  usageChoiceIssue,
  usagePriceDifferences,
  type CoatingChoice,
  type PriceDifference,
} from '../../machines/customise/customise-choices';
import type { CoatingKind, IndexOptionValue } from '../../machines/customise/customise.types';
import { FRAME_ONLY, type RuleIssue, type UsageChoice } from '../../../rules/eyewear/prescription';
import { Button } from '../shared/button';
import { CheckboxCards, RadioCards } from '../shared/option-cards';
import { Price } from '../shared/price';
import { PriceDifferenceText } from '../shared/price-difference';
import { LENS_USAGE_LABELS, useRuleMessage } from '../prescriptions';
import type { CustomiseActor } from './customise-actor';
import styles from './customise.module.css';

/** A step: a form whose submit is "Next", with "Back" when there is a step before, and its problem announced. */
export function StepForm({
  actor,
  legend,
  children,
  canGoBack = true,
  nextLabel,
}: {
  actor: CustomiseActor;
  legend: string;
  children: ReactNode;
  canGoBack?: boolean;
  nextLabel?: string;
}) {
  const message = useRuleMessage();
  const stepIssue = useSelector(actor, (s) => s.context.stepIssue);
  const intl = useIntl();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'customise.next' });
  };
  return (
    <form className={styles.stepForm} onSubmit={onSubmit} noValidate>
      <h2 className={styles.stepTitle} tabIndex={-1} data-step-heading>
        {legend}
      </h2>
      {children}
      <div role="alert" className={styles.stepIssue}>
        {stepIssue ? message(stepIssue) : null}
      </div>
      <div className={styles.actions}>
        {canGoBack && (
          <Button priority="low" onClick={() => actor.send({ type: 'customise.back' })}>
            <FormattedMessage id="eyewear.customise.back" defaultMessage="Back" />
          </Button>
        )}
        <Button type="submit" priority="high">
          {nextLabel ?? intl.formatMessage({ id: 'eyewear.customise.next', defaultMessage: 'Next' })}
        </Button>
      </div>
    </form>
  );
}

/** No url key: the frames to choose from. */
export function FrameChoice({ actor }: { actor: CustomiseActor }) {
  const frames = useSelector(actor, (s) => s.context.frames);
  const intl = useIntl();
  return (
    <section aria-labelledby="customise-frames">
      <h2 id="customise-frames" className={styles.stepTitle}>
        <FormattedMessage id="eyewear.customise.chooseFrame" defaultMessage="Choose a frame" />
      </h2>
      <ul className={styles.frameList}>
        {frames.map((f) => (
          <li key={f.urlKey}>
            <button type="button" className={styles.frameButton} onClick={() => actor.send({ type: 'customise.chooseFrame', urlKey: f.urlKey })}>
              {f.imageUrl ? <img src={f.imageUrl} alt="" width={160} height={80} loading="lazy" /> : null}
              <span className={styles.frameName}>{f.name}</span>
              <Price value={f.price} currency={f.currency} />
              <span className="visually-hidden">{intl.formatMessage({ id: 'eyewear.customise.customiseThis', defaultMessage: 'Customise this frame' })}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Colour and size of the frame. */
export function FrameStep({ actor }: { actor: CustomiseActor }) {
  const product = useSelector(actor, (s) => s.context.product);
  const selection = useSelector(actor, (s) => s.context.variantSelection);
  const variant = useSelector(actor, (s) => chosenVariant(s.context));
  // The picture follows the chosen colour.
  const imageUrl = useSelector(actor, (s) => frameImageOf(s.context));
  const intl = useIntl();
  if (!product) return null;
  /** Whether choosing this value (with the other choices kept) leads to a variant in stock. */
  const valueInStock = (attributeUid: string, valueUid: string) => {
    const wanted = Object.values({ ...selection, [attributeUid]: valueUid });
    const matching = product.variants.filter((v) => wanted.every((uid) => v.valueUids.includes(uid)));
    return matching.length === 0 || matching.some((v) => v.inStock);
  };
  return (
    <StepForm actor={actor} legend={intl.formatMessage({ id: 'eyewear.customise.frame.title', defaultMessage: 'Your frame' })} canGoBack={false}>
      <div className={styles.frameSummary}>
        {/* The picture's box is kept (CSS aspect-ratio) before and after it loads: the colour cards below do not move under a finger at 375 px. */}
        {imageUrl ? <img src={imageUrl} alt="" width={240} height={120} className={styles.frameImage} data-testid="customise-frame-image" /> : null}
        <p className={styles.frameName}>{product.name}</p>
        <Price value={variant?.price ?? product.price} currency={product.currency} />
      </div>
      {/* Colour and size as option cards (each card named by its value, as the radios were). */}
      {product.attributes.map((attribute) => (
        <RadioCards
          key={attribute.uid}
          name={attribute.uid}
          legend={attribute.label}
          showLegend
          compact
          chosen={selection[attribute.uid] ?? null}
          onChoose={(valueUid) => actor.send({ type: 'customise.selectVariant', attributeUid: attribute.uid, valueUid })}
          choices={attribute.values.map((value) => ({
            value: value.uid,
            title: value.label,
            detail: valueInStock(attribute.uid, value.uid)
              ? undefined
              : intl.formatMessage({ id: 'product.optionOutOfStock', defaultMessage: '(out of stock)' }),
          }))}
        />
      ))}
      {variant && !variant.inStock ? (
        <p className={styles.note} id="customise-variant-stock">
          <FormattedMessage id="eyewear.customise.outOfStock" defaultMessage="This colour and size is out of stock." />
        </p>
      ) : null}
    </StepForm>
  );
}

/** The frame alone's card title (ADR 035 "Frame only"); a lens usage's is its label. */
const frameOnlyLabel = defineMessages({
  title: { id: 'eyewear.usage.frameOnly', defaultMessage: 'Frame only – no lenses' },
});

/** What each lens usage is for (its card's detail; the title is the usage's label), and the frame alone. */
const usageDetails = defineMessages<UsageChoice>({
  SINGLE_VISION_DISTANCE: { id: 'eyewear.usage.distance.detail', defaultMessage: 'For seeing far: driving, TV, everyday wear.' },
  SINGLE_VISION_READING: { id: 'eyewear.usage.reading.detail', defaultMessage: 'For close work: books, phone. From a distance prescription, add your ADD.' },
  PROGRESSIVE: { id: 'eyewear.usage.progressive.detail', defaultMessage: 'Far, middle and near in one lens. Needs ADD and the PD of each eye.' },
  NON_PRESCRIPTION: { id: 'eyewear.usage.plano.detail', defaultMessage: 'Lenses without correction, for style or protection.' },
  [FRAME_ONLY]: { id: 'eyewear.usage.frameOnly.detail', defaultMessage: 'The frame alone, without lenses: no prescription, the price of the frame.' },
});

export function UsageStep({ actor }: { actor: CustomiseActor }) {
  const product = useSelector(actor, (s) => s.context.product);
  const usage = useSelector(actor, (s) => s.context.usage);
  const differences = useSelector(actor, (s) => usagePriceDifferences(s.context), sameDifferences);
  const intl = useIntl();
  const message = useRuleMessage();
  if (!product?.usageOption) return null;
  return (
    <StepForm actor={actor} legend={intl.formatMessage({ id: 'eyewear.customise.usage.title', defaultMessage: 'What are the lenses for?' })}>
      <RadioCards
        name="usage"
        legend={intl.formatMessage({ id: 'eyewear.customise.usage.legend', defaultMessage: 'Lens type' })}
        chosen={usage}
        onChoose={(chosen) => actor.send({ type: 'customise.chooseUsage', usage: chosen })}
        choices={product.usageOption.values.map((value) => {
          const issue = usageChoiceIssue({ product }, value.usage);
          return {
            value: value.usage,
            title: intl.formatMessage(value.usage === FRAME_ONLY ? frameOnlyLabel.title : LENS_USAGE_LABELS[value.usage]),
            detail: issue ? message(issue) : intl.formatMessage(usageDetails[value.usage]),
            disabled: Boolean(issue),
            price: <CardPrice difference={differences.get(value.uid)} currency={product.currency} />,
          };
        })}
      />
    </StepForm>
  );
}

/** Selector equality of two cards' price differences (the views re-render only when one changes). */
const sameDifferences = (a: Map<string, PriceDifference>, b: Map<string, PriceDifference>) =>
  a.size === b.size && [...a].every(([uid, d]) => JSON.stringify(b.get(uid)) === JSON.stringify(d));

const sameIssue = (a: RuleIssue | null, b: RuleIssue | null) => JSON.stringify(a) === JSON.stringify(b);
const sameCoatingChoices = (a: CoatingChoice[], b: CoatingChoice[]) =>
  a.length === b.length && a.every((c, i) => c.value === b[i]?.value && sameIssue(c.issue, b[i]?.issue ?? null));

function CardPrice({ difference, currency }: { difference: PriceDifference | undefined; currency: string }) {
  return difference ? <PriceDifferenceText difference={difference} currency={currency} /> : null;
}

/** What each lens index does (its card's explanation), by its material, else by how thin it is. */
const indexDetails = defineMessages({
  standard: { id: 'eyewear.index.standard.detail', defaultMessage: 'Everyday lenses, fine for mild prescriptions (up to ±2.00).' },
  polycarbonate: { id: 'eyewear.index.polycarbonate.detail', defaultMessage: 'Light and impact-resistant: for children, sport and rimless frames.' },
  trivex: { id: 'eyewear.index.trivex.detail', defaultMessage: 'Light, impact-resistant and very clear: for sport and rimless frames.' },
  thin: { id: 'eyewear.index.thin.detail', defaultMessage: 'Thinner and lighter, for moderate prescriptions (up to ±4.00).' },
  extraThin: { id: 'eyewear.index.extraThin.detail', defaultMessage: 'Extra thin, for strong prescriptions (beyond ±4.00).' },
  ultraThin: { id: 'eyewear.index.ultraThin.detail', defaultMessage: 'Our thinnest lenses, for very strong prescriptions (beyond ±6.00).' },
  sunLens: { id: 'eyewear.index.sunLens.detail', defaultMessage: 'The sunglasses’ own tinted sun lens, blocking all UV rays (UV400).' },
});

function indexDetailOf(value: IndexOptionValue) {
  if (value.sun) return indexDetails.sunLens;
  if (value.material === 'polycarbonate' || value.material === 'trivex') return indexDetails[value.material];
  if (value.index >= 1.74 - 1e-9) return indexDetails.ultraThin;
  if (value.index >= 1.67 - 1e-9) return indexDetails.extraThin;
  if (value.index >= 1.6 - 1e-9) return indexDetails.thin;
  return indexDetails.standard;
}

/** What each coating does (its card's explanation). */
const coatingDetails = defineMessages<CoatingKind>({
  'anti-reflective': {
    id: 'eyewear.coating.antiReflective.detail',
    defaultMessage: 'Cuts glare and reflections: clearer sight, and your eyes seen through the lenses.',
  },
  'blue-light': { id: 'eyewear.coating.blueLight.detail', defaultMessage: 'Filters part of the blue light of screens, for long days at a computer.' },
  photochromic: { id: 'eyewear.coating.photochromic.detail', defaultMessage: 'Clear indoors, darkens by itself in the sun.' },
  'sun-tint': { id: 'eyewear.coating.sunTint.detail', defaultMessage: 'A permanent sunglasses tint, with your prescription.' },
  polarised: { id: 'eyewear.coating.polarised.detail', defaultMessage: 'Sunglasses lenses that remove the glare of water, snow and roads.' },
});

export function LensStep({ actor }: { actor: CustomiseActor }) {
  const choices = useSelector(actor, (s) => indexChoicesOf(s.context));
  const indexUid = useSelector(actor, (s) => s.context.indexUid);
  const forced = useSelector(actor, (s) => s.context.forcedIndex);
  const refusal = useSelector(actor, (s) => lensRefusalOf(s.context));
  const currency = useSelector(actor, (s) => s.context.product?.currency ?? 'USD');
  const differences = useSelector(actor, (s) => indexPriceDifferences(s.context), sameDifferences);
  const recommended = useSelector(actor, (s) => recommendedIndexUid(s.context));
  const advice = useSelector(actor, (s) => indexAdviceOf(s.context), sameIssue);
  const intl = useIntl();
  const message = useRuleMessage();
  const forcedTo = choices.find((c) => c.value.uid === forced?.toUid)?.value;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (forcedTo) noticeRef.current?.focus();
  }, [forcedTo]);
  return (
    <StepForm actor={actor} legend={intl.formatMessage({ id: 'eyewear.customise.lenses.title', defaultMessage: 'Lens material and thickness' })}>
      {forcedTo && (
        <p ref={noticeRef} tabIndex={-1} role="status" className={styles.notice}>
          {/* The reason the rule gives (rules/eyewear `lensIndexIssue`): thinness for a prescription, strength for a drilled rimless lens. */}
          {forced?.reason === 'rimless' ? (
            <FormattedMessage
              id="eyewear.customise.lenses.forcedRimless"
              defaultMessage="Rimless frames hold their lenses by holes drilled through them, which needs a stronger lens: we selected {lens}."
              values={{ lens: <strong>{forcedTo.label}</strong> }}
            />
          ) : (
            <FormattedMessage
              id="eyewear.customise.lenses.forced"
              defaultMessage="Your prescription needs thinner lenses: we selected {lens}."
              values={{ lens: <strong>{forcedTo.label}</strong> }}
            />
          )}
        </p>
      )}
      {refusal && (
        <p role="alert" className={styles.alertText}>
          {message(refusal)}
        </p>
      )}
      <RadioCards
        name="lens-index"
        legend={intl.formatMessage({ id: 'eyewear.customise.lenses.legend', defaultMessage: 'Lens index' })}
        chosen={indexUid}
        onChoose={(uid) => actor.send({ type: 'customise.chooseIndex', uid })}
        choices={choices.map(({ value, issue }) => ({
          value: value.uid,
          title: value.label,
          detail: issue ? message(issue) : intl.formatMessage(indexDetailOf(value)),
          disabled: Boolean(issue),
          price: <CardPrice difference={differences.get(value.uid)} currency={currency} />,
          badge:
            value.uid === recommended
              ? intl.formatMessage({ id: 'eyewear.customise.lenses.recommended', defaultMessage: 'Recommended for your prescription' })
              : undefined,
        }))}
      />
      {/* A warning, not a refusal: the shopper may keep the thicker lens. */}
      <p role="status" className={[styles.advice, advice ? styles.warning : null].filter(Boolean).join(' ')}>
        {advice ? message(advice) : null}
      </p>
    </StepForm>
  );
}

export function CoatingsStep({ actor }: { actor: CustomiseActor }) {
  const coatingOption = useSelector(actor, (s) => s.context.product?.coatingOption ?? null);
  const choices = useSelector(actor, (s) => coatingChoicesOf(s.context), sameCoatingChoices);
  const message = useRuleMessage();
  const chosen = useSelector(actor, (s) => s.context.coatingUids);
  const differences = useSelector(actor, (s) => coatingPriceDifferences(s.context), sameDifferences);
  const currency = useSelector(actor, (s) => s.context.product?.currency ?? 'USD');
  const intl = useIntl();
  return (
    <StepForm actor={actor} legend={intl.formatMessage({ id: 'eyewear.customise.coatings.title', defaultMessage: 'Coatings and tint' })}>
      <CheckboxCards
        name="coatings"
        legend={coatingOption?.label ?? intl.formatMessage({ id: 'eyewear.customise.coatings.title', defaultMessage: 'Coatings and tint' })}
        chosen={chosen}
        onToggle={(uid) => actor.send({ type: 'customise.toggleCoating', uid })}
        choices={choices.map(({ value, issue }) => ({
          value: value.uid,
          title: value.label,
          // A coating a chosen one rules out says why ("Not with Photochromic.").
          detail: issue ? message(issue) : value.kind ? intl.formatMessage(coatingDetails[value.kind]) : null,
          disabled: Boolean(issue),
          price: <CardPrice difference={differences.get(value.uid)} currency={currency} />,
        }))}
      />
      {(coatingOption?.values.length ?? 0) === 0 && (
        <p>
          <FormattedMessage id="eyewear.customise.coatings.none" defaultMessage="No coatings are offered for this frame." />
        </p>
      )}
    </StepForm>
  );
}
