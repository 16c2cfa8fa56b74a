import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../shared/button';
import { resizedImageUrl } from '../shared/image-url';
import { lensWizardPathOfFrame, productPathOfFrame, sizesOf, type TryOnProduct } from './try-on.operations';
import type { TryOnActor } from './try-on-stage';
import type { TryOnFrame } from '../../machines/try-on/try-on.machine';
import styles from './try-on.module.css';
import { ErrorLine } from '../shared/error-line';

/** Try-on images are about 2.3 times wider than high; thumbnails keep the frame whole. */
const THUMBNAIL_RATIO = 2.4;

/** The strip of frames to try, the colours of the chosen one, and a second frame to compare with. */
export function FramePicker({ actor, products, loading, error }: { actor: TryOnActor; products: TryOnProduct[]; loading: boolean; error: string | null }) {
  const intl = useIntl();
  const frame = useSelector(actor, (s) => s.context.frame);
  const compared = useSelector(actor, (s) => s.context.comparedFrame);
  const chosen = products.find((p) => p.parentSku === frame?.parentSku) ?? null;
  return (
    <section className={styles.frames} aria-labelledby="try-on-frames">
      <h2 id="try-on-frames">
        <FormattedMessage id="tryOn.frames.title" defaultMessage="Frames" />
      </h2>
      {loading && products.length === 0 ? (
        <p role="status">
          <FormattedMessage id="tryOn.frames.loading" defaultMessage="Loading frames…" />
        </p>
      ) : null}
      <ErrorLine message={error} className={styles.error} />
      <ul className={styles.strip}>
        {products.map((product) => {
          const first = product.colours[0]!;
          const selected = product.parentSku === frame?.parentSku;
          return (
            <li key={product.parentSku}>
              <button
                type="button"
                className={styles.frameButton}
                aria-pressed={selected}
                onClick={() => actor.send({ type: 'tryOn.selectFrame', frame: first })}
                data-sku={product.parentSku}
              >
                <img
                  src={resizedImageUrl(first.imageUrl, { width: 160, ratio: THUMBNAIL_RATIO })}
                  alt=""
                  width={160}
                  height={Math.round(160 / THUMBNAIL_RATIO)}
                  loading="lazy"
                />
                <span>{product.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {chosen && chosen.colours.length > 1 ? (
        <fieldset className={styles.colours}>
          <legend>
            <FormattedMessage id="tryOn.frames.colour" defaultMessage="Colour of {name}" values={{ name: chosen.name }} />
          </legend>
          {chosen.colours.map((colour) => (
            <button
              key={colour.sku}
              type="button"
              className={styles.colourButton}
              aria-pressed={colour.sku === frame?.sku}
              onClick={() => actor.send({ type: 'tryOn.selectFrame', frame: colour })}
            >
              {colour.colour ?? colour.sku}
            </button>
          ))}
        </fieldset>
      ) : null}
      {chosen && frame && sizesOf(chosen, frame).length > 1 ? (
        <fieldset className={styles.colours}>
          <legend>
            <FormattedMessage id="tryOn.frames.size" defaultMessage="Size of {name}" values={{ name: chosen.name }} />
          </legend>
          {sizesOf(chosen, frame).map((size) => (
            <button
              key={size.sku}
              type="button"
              className={styles.colourButton}
              aria-pressed={size.sku === frame.sku}
              onClick={() => actor.send({ type: 'tryOn.selectFrame', frame: size })}
            >
              <FormattedMessage
                id="tryOn.frames.sizeOption"
                defaultMessage="{size} ({width} mm wide)"
                values={{ size: size.size, width: intl.formatNumber(size.widthMm) }}
              />
            </button>
          ))}
        </fieldset>
      ) : null}
      {frame ? <FrameLinks frame={frame} /> : null}
      {products.length > 1 ? (
        <label className={styles.compareSelect}>
          <FormattedMessage id="tryOn.compare.label" defaultMessage="Compare with" />
          <select
            value={compared?.sku ?? ''}
            onChange={(event) => {
              const next = products.flatMap((p) => p.colours).find((c) => c.sku === event.currentTarget.value);
              actor.send(next ? { type: 'tryOn.compareWith', frame: next } : { type: 'tryOn.stopComparing' });
            }}
          >
            <option value="">{intl.formatMessage({ id: 'tryOn.compare.none', defaultMessage: 'No comparison' })}</option>
            {products.flatMap((p) =>
              p.colours.map((c) => (
                <option key={c.sku} value={c.sku}>
                  {[p.name, c.colour].filter(Boolean).join(', ')}
                </option>
              )),
            )}
          </select>
        </label>
      ) : null}
    </section>
  );
}

/** From the try-on to buying: the tried frame, colour and size on its page and in the lens wizard. */
function FrameLinks({ frame }: { frame: TryOnFrame }) {
  const lenses = lensWizardPathOfFrame(frame);
  const page = productPathOfFrame(frame);
  if (!lenses || !page) return null;
  const label = [frame.name, frame.colour, frame.size].filter(Boolean).join(', ');
  return (
    <div className={styles.actions}>
      <Link to={lenses} className={buttonClassName({ priority: 'high' })} data-testid="try-on-lenses">
        <FormattedMessage id="tryOn.buy.lenses" defaultMessage="Choose your lenses for {frame}" values={{ frame: label }} />
      </Link>
      <Link to={page} className={buttonClassName({ priority: 'low' })}>
        <FormattedMessage id="tryOn.buy.product" defaultMessage="See {frame}" values={{ frame: label }} />
      </Link>
    </div>
  );
}
