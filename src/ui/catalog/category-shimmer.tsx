import { useIntl } from 'react-intl';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import styles from './category-shimmer.module.css';
import { GalleryShimmer } from './gallery-shimmer';
import layout from './product-listing.module.css';

/** The sidebar's placeholder: a title and a few blocks of checkboxes. */
export function SidebarShimmer() {
  return (
    <div className={styles.sidebar} aria-hidden="true">
      <Shimmer width={6} height={1.5} />
      {[0, 1, 2].map((block) => (
        <div key={block} className={styles.block}>
          <Shimmer width={8} height={1.25} />
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className={styles.row}>
              <Shimmer type="checkbox" />
              <Shimmer width={7} />
            </div>
          ))}
        </div>
      ))}
      <Shimmer type="button" className={styles.sortButton} />
    </div>
  );
}

/** The category shimmer of spec §2, shown while a route or a category loads. */
export function CategoryShimmer() {
  const intl = useIntl();
  return (
    <LoadingRegion label={intl.formatMessage({ id: 'catalog.loading', defaultMessage: 'Loading the products…' })}>
      <div aria-hidden="true">
        <Shimmer width={12} height={1} className={styles.crumbs} />
        <div className={layout.heading}>
          <Shimmer width={14} height={2.25} />
          <div className={`${layout.headerButtons} ${layout.smallOnly}`}>
            <Shimmer type="button" />
            <Shimmer type="button" className={styles.sortButton} />
          </div>
        </div>
        <div className={layout.layout}>
          <div className={layout.sidebar}>
            <SidebarShimmer />
          </div>
          <div className={layout.content}>
            <GalleryShimmer />
          </div>
        </div>
      </div>
    </LoadingRegion>
  );
}
