import { useIntl } from 'react-intl';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import styles from './product-page.module.css';
import shimmer from './product-shimmer.module.css';

/** The product page's placeholder while it loads. */
export function ProductShimmer() {
  const intl = useIntl();
  return (
    <LoadingRegion label={intl.formatMessage({ id: 'product.loading', defaultMessage: 'Loading the product…' })}>
      <Shimmer width={14} className={shimmer.crumbs} />
      <div className={styles.layout}>
        <Shimmer className={shimmer.image} />
        <div className={styles.details}>
          <Shimmer width={16} height={2.25} />
          <Shimmer width={6} height={1.5} />
          <div className={shimmer.row}>
            {[0, 1, 2, 3].map((i) => (
              <Shimmer key={i} type="radio" width={2.75} height={2.75} />
            ))}
          </div>
          <div className={shimmer.row}>
            <Shimmer type="button" />
            <Shimmer type="button" />
          </div>
          <Shimmer type="textArea" />
        </div>
      </div>
    </LoadingRegion>
  );
}
