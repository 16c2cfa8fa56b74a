import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { chosenVariant, frameImageOf, indexChoicesOf, lensRefusalOf, usageChoiceIssue } from '../../machines/customise/customise-choices';
import type { LensUsage } from '../../machines/prescription/prescription-rules';
import { Button } from '../shared/button';
import { Price } from '../shared/price';
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
      <h2 className={styles.stepTitle}>{legend}</h2>
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
        {imageUrl ? <img src={imageUrl} alt="" width={240} height={120} data-testid="customise-frame-image" /> : null}
        <p className={styles.frameName}>{product.name}</p>
        <Price value={variant?.price ?? product.price} currency={product.currency} />
      </div>
      {product.attributes.map((attribute) => (
        <fieldset key={attribute.uid} className={styles.choices}>
          <legend>{attribute.label}</legend>
          {attribute.values.map((value) => (
            <label key={value.uid} className={styles.choice}>
              <input
                type="radio"
                name={attribute.uid}
                value={value.uid}
                checked={selection[attribute.uid] === value.uid}
                onChange={() => actor.send({ type: 'customise.selectVariant', attributeUid: attribute.uid, valueUid: value.uid })}
              />
              {value.label}
              {valueInStock(attribute.uid, value.uid) ? null : (
                <span className={styles.unavailable}>
                  {' '}
                  <FormattedMessage id="product.optionOutOfStock" defaultMessage="(out of stock)" />
                </span>
              )}
            </label>
          ))}
        </fieldset>
      ))}
      {variant && !variant.inStock ? (
        <p className={styles.note} id="customise-variant-stock">
          <FormattedMessage id="eyewear.customise.outOfStock" defaultMessage="This colour and size is out of stock." />
        </p>
      ) : null}
    </StepForm>
  );
}

/** What each lens usage is for (its card's detail; the title is the usage's label). */
const usageDetails = defineMessages<LensUsage>({
  SINGLE_VISION_DISTANCE: { id: 'eyewear.usage.distance.detail', defaultMessage: 'For seeing far: driving, TV, everyday wear.' },
  SINGLE_VISION_READING: { id: 'eyewear.usage.reading.detail', defaultMessage: 'For close work: books, phone. From a distance prescription, add your ADD.' },
  PROGRESSIVE: { id: 'eyewear.usage.progressive.detail', defaultMessage: 'Far, middle and near in one lens. Needs ADD and the PD of each eye.' },
  NON_PRESCRIPTION: { id: 'eyewear.usage.plano.detail', defaultMessage: 'Lenses without correction, for style or protection.' },
});

export function UsageStep({ actor }: { actor: CustomiseActor }) {
  const product = useSelector(actor, (s) => s.context.product);
  const usage = useSelector(actor, (s) => s.context.usage);
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
        currency={product.currency}
        choices={product.usageOption.values.map((value) => {
          const issue = usageChoiceIssue({ product }, value.usage);
          const title = intl.formatMessage(LENS_USAGE_LABELS[value.usage]);
          return {
            uid: value.uid,
            value: value.usage,
            title,
            detail: issue ? message(issue) : intl.formatMessage(usageDetails[value.usage]),
            issue,
            price: value.price,
          };
        })}
      />
    </StepForm>
  );
}

/** A choice of a wizard step: its title, a detail (or why it cannot be chosen now) and its added price. */
interface RadioChoice<V extends string> {
  uid: string;
  value: V;
  title: string;
  detail: ReactNode;
  /** Set when the choice cannot be made now: its card is disabled and its detail says why. */
  issue: unknown;
  price: number;
}

/** A wizard step's one-of choices as cards: each a radio with its title, detail and added price. */
function RadioCards<V extends string>(props: {
  name: string;
  legend: string;
  chosen: V | null;
  onChoose: (value: V) => void;
  currency: string;
  choices: RadioChoice<V>[];
}) {
  const { name, legend, chosen, onChoose, currency, choices } = props;
  return (
    <fieldset className={styles.cards}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map(({ uid, value, title, detail, issue, price }) => {
        const detailId = `${name}-${uid}-detail`;
        return (
          <label key={uid} className={styles.card} data-disabled={issue ? 'true' : undefined}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={chosen === value}
              disabled={Boolean(issue)}
              aria-describedby={detail ? detailId : undefined}
              onChange={() => onChoose(value)}
            />
            <span className={styles.cardText}>
              <span className={styles.cardTitle}>{title}</span>
              {detail ? (
                <span id={detailId} className={styles.cardDetail}>
                  {detail}
                </span>
              ) : null}
            </span>
            <AddedPrice value={price} currency={currency} />
          </label>
        );
      })}
    </fieldset>
  );
}

function AddedPrice({ value, currency }: { value: number; currency: string }) {
  if (value === 0) {
    return (
      <span className={styles.cardPrice}>
        <FormattedMessage id="eyewear.customise.included" defaultMessage="Included" />
      </span>
    );
  }
  return (
    <span className={styles.cardPrice}>
      +<Price value={value} currency={currency} />
    </span>
  );
}

export function LensStep({ actor }: { actor: CustomiseActor }) {
  const choices = useSelector(actor, (s) => indexChoicesOf(s.context));
  const indexUid = useSelector(actor, (s) => s.context.indexUid);
  const forced = useSelector(actor, (s) => s.context.forcedIndex);
  const refusal = useSelector(actor, (s) => lensRefusalOf(s.context));
  const currency = useSelector(actor, (s) => s.context.product?.currency ?? 'USD');
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
          <FormattedMessage
            id="eyewear.customise.lenses.forced"
            defaultMessage="Your prescription needs thinner lenses: we selected {lens}."
            values={{ lens: <strong>{forcedTo.label}</strong> }}
          />
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
        currency={currency}
        choices={choices.map(({ value, issue }) => ({
          uid: value.uid,
          value: value.uid,
          title: value.label,
          detail: issue && message(issue),
          issue,
          price: value.price,
        }))}
      />
    </StepForm>
  );
}

export function CoatingsStep({ actor }: { actor: CustomiseActor }) {
  const coatingOption = useSelector(actor, (s) => s.context.product?.coatingOption ?? null);
  const chosen = useSelector(actor, (s) => s.context.coatingUids);
  const currency = useSelector(actor, (s) => s.context.product?.currency ?? 'USD');
  const intl = useIntl();
  return (
    <StepForm actor={actor} legend={intl.formatMessage({ id: 'eyewear.customise.coatings.title', defaultMessage: 'Coatings and tint' })}>
      <fieldset className={styles.cards}>
        <legend className="visually-hidden">
          {coatingOption?.label ?? intl.formatMessage({ id: 'eyewear.customise.coatings.title', defaultMessage: 'Coatings and tint' })}
        </legend>
        {(coatingOption?.values ?? []).map((value) => (
          <label key={value.uid} className={styles.card}>
            <input
              type="checkbox"
              value={value.uid}
              checked={chosen.includes(value.uid)}
              onChange={() => actor.send({ type: 'customise.toggleCoating', uid: value.uid })}
            />
            <span className={styles.cardText}>
              <span className={styles.cardTitle}>{value.label}</span>
            </span>
            <AddedPrice value={value.price} currency={currency} />
          </label>
        ))}
      </fieldset>
      {(coatingOption?.values.length ?? 0) === 0 && (
        <p>
          <FormattedMessage id="eyewear.customise.coatings.none" defaultMessage="No coatings are offered for this frame." />
        </p>
      )}
    </StepForm>
  );
}
