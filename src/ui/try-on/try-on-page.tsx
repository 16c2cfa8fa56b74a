import { useQuery } from '@apollo/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { TryOnElements, TryOnFrame } from '../../machines/try-on/try-on.machine';
import { usePageActor } from '../app/page-actors';
import { errorMessages } from '../shared/error-messages';
import { useDocumentTitle } from '../shared/use-document-title';
import { FRAMES_WITH_TRY_ON_FILTER, frameForSku, GET_TRY_ON_FRAMES, tryOnProductsOf, type TryOnProduct } from './try-on.operations';
import { TryOnView, type TryOnMediaElements } from './try-on-view';
import type { TryOnActor } from './try-on-stage';

/** The strip offers every frame of the catalogue (36 today): one page this large holds them all. */
const STRIP_SIZE = 200;

/** Frames for the strip, plus the one `?sku=` names when it is not among them. */
function useTryOnProducts(sku: string | null) {
  const strip = useQuery(GET_TRY_ON_FRAMES, { variables: { filter: FRAMES_WITH_TRY_ON_FILTER, pageSize: STRIP_SIZE } });
  const named = useQuery(GET_TRY_ON_FRAMES, { variables: { filter: { sku: { eq: sku ?? '' } }, pageSize: 1 }, skip: !sku });
  const products = useMemo(() => {
    const listed = tryOnProductsOf(strip.data?.products?.items ?? []);
    const extra = tryOnProductsOf(named.data?.products?.items ?? []).filter((p) => !listed.some((l) => l.parentSku === p.parentSku));
    return [...extra, ...listed];
  }, [strip.data, named.data]);
  return { products, loading: strip.loading || named.loading, failed: Boolean(strip.error) && products.length === 0 };
}

/** The frame to start with: the one the link names, else the first of the strip. */
function startingFrame(products: TryOnProduct[], sku: string | null): TryOnFrame | null {
  return frameForSku(products, sku) ?? products[0]?.colours[0] ?? null;
}

/** Pages shown so far: each page shown is a try-on of its own (its machine reads that page's elements). */
let pagesShown = 0;

/**
 * Try-on page (spec §2 `/try-on-glasses`, optional `?sku=`): frames on the shopper's face from the
 * camera or a photo, at true size, all in the browser. Face tracking (Human and its models) loads
 * from the shop's `/try-on/` assets only when the shopper starts. Its machine is the page machine
 * 'tryOn' (ADR 009), given this page's picture elements: the page host stops it, and the camera with
 * it, when the route is left.
 */
export function TryOnPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'tryOn.title', defaultMessage: 'Try frames on' }));
  const [params] = useSearchParams();
  const sku = params.get('sku');
  const { products, loading, failed } = useTryOnProducts(sku);
  const elements = useRef<TryOnMediaElements>({ video: { current: null }, photo: { current: null }, canvases: { current: {} } }).current;
  const [shown] = useState(() => `page-${++pagesShown}`);
  const picture = useMemo<TryOnElements>(
    () => ({
      video: () => elements.video.current,
      photo: () => elements.photo.current,
      canvases: () => [elements.canvases.current.frame, elements.canvases.current.comparedFrame].filter((c): c is HTMLCanvasElement => Boolean(c)),
    }),
    [elements],
  );
  const actor = usePageActor('tryOn', { elements: picture }, shown);
  if (!actor) return null;
  return (
    <TryOnStarted
      key={actor.sessionId}
      actor={actor}
      elements={elements}
      products={products}
      sku={sku}
      productsLoading={loading}
      productsError={failed ? intl.formatMessage(errorMessages.generic) : null}
    />
  );
}

interface TryOnStartedProps {
  actor: TryOnActor;
  elements: TryOnMediaElements;
  products: TryOnProduct[];
  sku: string | null;
  productsLoading: boolean;
  productsError: string | null;
}

/** The running try-on: the frame the link names (or the strip's first) is chosen once the frames are known. */
function TryOnStarted({ actor, sku, ...view }: TryOnStartedProps) {
  const { products } = view;
  useEffect(() => {
    if (products.length === 0) return;
    const wanted = startingFrame(products, sku);
    if (wanted && !actor.getSnapshot().context.frame) actor.send({ type: 'tryOn.selectFrame', frame: wanted });
  }, [actor, products, sku]);
  return <TryOnView actor={actor} {...view} />;
}
