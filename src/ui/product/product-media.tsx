import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ProductImage } from '../shared/product-image';
import { MAIN_IMAGE_SIZES } from './main-image';
import styles from './product-media.module.css';
import type { MediaEntry } from './product-page.operations';

/** The product's images: one large, thumbnails to switch; only the first loads eagerly (spec §9). */
export function ProductMedia({ images, name }: { images: (MediaEntry & { url: string })[]; name: string }) {
  const intl = useIntl();
  const [chosen, setChosen] = useState(0);
  const current = images[Math.min(chosen, images.length - 1)];
  if (!current) return <div className={styles.main} />;
  return (
    <div className={styles.media}>
      <div className={styles.main}>
        <ProductImage key={current.url} src={current.url} alt={current.label || name} sizes={MAIN_IMAGE_SIZES} eager={chosen === 0} className={styles.image} />
      </div>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label={intl.formatMessage({ id: 'product.images', defaultMessage: 'Images of {name}' }, { name })}>
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={image === current}
                aria-label={intl.formatMessage(
                  { id: 'product.showImage', defaultMessage: 'Show image {n} of {count}: {label}' },
                  { n: i + 1, count: images.length, label: image.label || name },
                )}
                onClick={() => setChosen(i)}
              >
                <ProductImage src={image.url} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
