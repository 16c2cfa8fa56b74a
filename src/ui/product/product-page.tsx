import { useQuery } from '@apollo/client';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { NotFoundPage } from '../shared/not-found-page';
import { PageLoadError, usePageDataEvents } from '../shared/page-load-error';
import { AddToWishlistButton } from '../wishlist';
import { ancestorCrumbs, Breadcrumbs } from '../catalog';
import { categoryPath } from '../../services/catalog/catalog-paths';
import { PriceAlertButton, StockAlertButton } from '../alerts';
import { Button, buttonClassName } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { ProductPrice } from '../shared/price';
import { RichContent } from '../shared/rich-content';
import { useDocumentTitle } from '../shared/use-document-title';
import {
  imagesFor,
  isValueInStock,
  measurementsOf,
  optionsOf,
  searchWithSelection,
  selectedVariant,
  selectionOfSearch,
  type Selection,
} from './configurable-selection';
import { OptionPicker } from './option-picker';
import { ProductMedia } from './product-media';
import styles from './product-page.module.css';
import { GET_PRODUCT_DETAIL, type FrameMeasurements, type ProductDetail } from './product-page.operations';
import { ProductShimmer } from './product-shimmer';

const measurementLabels = defineMessages<keyof FrameMeasurements>({
  lens_width: { id: 'product.measure.lensWidth', defaultMessage: 'Lens width' },
  bridge_width: { id: 'product.measure.bridgeWidth', defaultMessage: 'Bridge' },
  temple_length: { id: 'product.measure.templeLength', defaultMessage: 'Temple length' },
  lens_height: { id: 'product.measure.lensHeight', defaultMessage: 'Lens height' },
  frame_width: { id: 'product.measure.frameWidth', defaultMessage: 'Frame width' },
});
const MEASUREMENTS = Object.keys(measurementLabels) as (keyof FrameMeasurements)[];

/** Product page (spec §2 fallback → product): images, options, price, stock, measurements, description. */
export function ProductPage({ urlKey }: { urlKey: string }) {
  const pageData = usePageDataEvents();
  const { data, loading, error } = useQuery(GET_PRODUCT_DETAIL, { variables: { urlKey }, onError: pageData.failed });
  const product = data?.products?.items?.find((p) => p?.url_key === urlKey) ?? null;
  useDocumentTitle(product?.name, product?.meta_title);
  if (!product && loading) return <ProductShimmer />;
  if (!product && error) {
    return <PageLoadError error={error} onRetry={pageData.retry} />;
  }
  if (!product) return <NotFoundPage />;
  return <ProductDetails key={product.uid} product={product} />;
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const location = useLocation();
  // a link may carry a colour and size (`?color=49&size=52`: the try-on's "See …")
  const [selection, setSelection] = useState<Selection>(() => selectionOfSearch(product, search));
  const options = optionsOf(product);
  const variant = selectedVariant(product, selection)?.product ?? null;
  const shown = variant ?? product;
  const measured = measurementsOf(product, selection);
  const images = imagesFor(product, selection);
  const inStock = (variant?.stock_status ?? product.stock_status) === 'IN_STOCK';
  const name = product.name ?? '';
  const crumbs = breadcrumbTrail(product);
  // A frame saved before every option is chosen keeps what is (a colour before its size): its value uids.
  const chosenUids = variant
    ? []
    : options.flatMap((option) => option.values?.find((v) => v?.value_index === selection[option.attribute_code ?? ''])?.uid ?? []);

  return (
    <div className={styles.page}>
      <Breadcrumbs trail={crumbs} current={name} />
      <div className={styles.layout}>
        <div className={styles.media}>
          <ProductMedia key={images.map((i) => i.url).join()} images={images} name={name} />
        </div>
        <div className={styles.details}>
          <PageHeading className={styles.title}>{name}</PageHeading>
          <ProductPrice price={shown.price_range.minimum_price} className={styles.price} saleClassName={styles.sale} regularClassName={styles.regular} />
          <p className={inStock ? styles.inStock : styles.outOfStock} role="status">
            {inStock ? (
              <FormattedMessage id="product.inStock" defaultMessage="In stock" />
            ) : variant ? (
              <FormattedMessage id="product.variantOutOfStock" defaultMessage="Out of stock in this colour and size" />
            ) : (
              <FormattedMessage id="product.outOfStock" defaultMessage="Out of stock" />
            )}
          </p>
          {options.map((option) => {
            const code = option.attribute_code!;
            // The backend's store-view label (Magento's attribute label): "Colour" in Canada, "Color" in the US,
            // the same word the wizard, cart, checkout and receipt show.
            const title = option.label ?? code;
            return (
              <OptionPicker
                key={option.uid}
                option={option}
                title={title}
                selected={selection[code]}
                inStock={(value) => isValueInStock(product, selection, code, value)}
                onSelect={(value) => setSelection((s) => ({ ...s, [code]: value }))}
              />
            );
          })}
          <div className={styles.actions}>
            {inStock ? (
              <Link to={customisePathOf(product.url_key ?? '', selection)} className={buttonClassName({ priority: 'high' })}>
                <FormattedMessage id="product.customize" defaultMessage="Choose your lenses" />
              </Link>
            ) : (
              // An out-of-stock colour/size cannot start the lens wizard; the reason shows beside it.
              <Button priority="high" disabled aria-describedby="customise-unavailable">
                <FormattedMessage id="product.customize" defaultMessage="Choose your lenses" />
              </Button>
            )}
            <Link to={`/try-on-glasses?sku=${encodeURIComponent(product.sku ?? '')}`} className={buttonClassName({ priority: 'normal' })}>
              <FormattedMessage id="product.tryOn" defaultMessage="Try them on" />
            </Link>
            <AddToWishlistButton
              sku={variant?.sku ?? product.sku ?? ''}
              {...(variant && product.sku ? { parentSku: product.sku } : {})}
              {...(chosenUids.length ? { selectedOptions: chosenUids } : {})}
              returnTo={`${location.pathname}${searchWithSelection(search, selection)}`}
            />
          </div>
          {inStock ? null : (
            <p id="customise-unavailable" className={styles.customiseUnavailable}>
              {variant ? (
                <FormattedMessage
                  id="product.customizeUnavailable"
                  defaultMessage="Lenses cannot be fitted to an out-of-stock colour and size: choose another one."
                />
              ) : (
                <FormattedMessage id="product.customizeUnavailableFrame" defaultMessage="Lenses cannot be fitted to this frame while it is out of stock." />
              )}
            </p>
          )}
          <div className={styles.actions}>
            {inStock ? null : (
              <StockAlertButton sku={variant?.sku ?? product.sku ?? ''} {...(variant && product.sku ? { parentSku: product.sku } : {})} productName={name} />
            )}
            <PriceAlertButton
              sku={variant?.sku ?? product.sku ?? ''}
              {...(variant && product.sku ? { parentSku: product.sku } : {})}
              productName={name}
              className={styles.textAction}
            />
          </div>
          <section className={styles.section} aria-labelledby="frame-measurements">
            <h2 id="frame-measurements" className={styles.sectionTitle}>
              <FormattedMessage id="product.measurements" defaultMessage="Frame measurements" />
            </h2>
            <dl className={styles.measurements}>
              {MEASUREMENTS.filter((m) => measured[m] !== null && measured[m] !== undefined).map((m) => (
                <div key={m} className={styles.measurement}>
                  <dt>{intl.formatMessage(measurementLabels[m])}</dt>
                  <dd>{intl.formatNumber(measured[m] as number, { style: 'unit', unit: 'millimeter' })}</dd>
                </div>
              ))}
            </dl>
          </section>
          {product.description?.html ? (
            <section className={styles.section} aria-labelledby="product-description">
              <h2 id="product-description" className={styles.sectionTitle}>
                <FormattedMessage id="product.description" defaultMessage="About this frame" />
              </h2>
              <RichContent className={styles.description} html={product.description.html} />
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The lens wizard's address with the colour and size chosen here (`?color=49&size=52`, attribute code → value_index). */
export function customisePathOf(urlKey: string, selection: Selection): string {
  const query = new URLSearchParams(Object.entries(selection).map(([code, value]) => [code, String(value)])).toString();
  return `/customize/${urlKey}${query ? `?${query}` : ''}`;
}

/** The deepest category the product is in, with its ancestors, as breadcrumbs. */
function breadcrumbTrail(product: ProductDetail) {
  const categories = (product.categories ?? []).flatMap((c) => (c ? [c] : []));
  const deepest = [...categories].sort((a, b) => (b.breadcrumbs?.length ?? 0) - (a.breadcrumbs?.length ?? 0))[0];
  if (!deepest) return [];
  return [...ancestorCrumbs(deepest), { label: deepest.name ?? '', to: categoryPath(deepest) }];
}
