import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { productPath } from '../../services/catalog/catalog-paths';
import { ProductPrice } from '../shared/price';
import { ProductImage } from '../shared/product-image';
import { GALLERY_IMAGE_SIZES } from './listing-preload';
import styles from './product-gallery.module.css';
import type { ListingProduct } from './product-listing.operations';

/** The in-shop path of a product page (`/milo-round.html`). */
/** Gallery of spec §2: 3 columns, 2 under 640 px; each item links to its product page. */
export function ProductGallery({ items }: { items: ListingProduct[] }) {
  return (
    <ul className={styles.gallery}>
      {items.map((item, index) => (
        <li key={item.uid} className={styles.item}>
          <GalleryItem item={item} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
}

function GalleryItem({ item, eager }: { item: ListingProduct; eager: boolean }) {
  return (
    <article className={styles.card}>
      <Link to={productPath(item)} className={styles.link}>
        <span className={styles.imageBox}>
          {item.small_image?.url ? <ProductImage src={item.small_image.url} alt="" sizes={GALLERY_IMAGE_SIZES} eager={eager} className={styles.image} /> : null}
        </span>
        <span className={styles.name}>{item.name}</span>
      </Link>
      <ProductPrice price={item.price_range.minimum_price} className={styles.price} saleClassName={styles.sale} regularClassName={styles.regular} labelSale />
      {item.stock_status === 'OUT_OF_STOCK' ? (
        <p className={styles.stock}>
          <FormattedMessage id="catalog.outOfStock" defaultMessage="Out of stock" />
        </p>
      ) : null}
    </article>
  );
}
