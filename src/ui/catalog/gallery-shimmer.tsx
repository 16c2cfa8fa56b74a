import { Shimmer } from '../shared/skeleton';
import galleryStyles from './product-gallery.module.css';
import styles from './gallery-shimmer.module.css';
import { PAGE_SIZE } from './listing-params';

/** spec §2/§9: gallery placeholder of 6 items (image, name, price, add-to-cart button), 3 columns (2 under 640 px). */
export function GalleryShimmer() {
  return (
    <ul className={galleryStyles.gallery} aria-hidden="true">
      {Array.from({ length: PAGE_SIZE }, (_, i) => (
        <li key={i} className={styles.item} data-gallery-placeholder="">
          <Shimmer className={styles.image} />
          <Shimmer width="80%" height={1.25} />
          <Shimmer width={5} height={1.25} />
          <Shimmer type="button" className={styles.button} />
        </li>
      ))}
    </ul>
  );
}
