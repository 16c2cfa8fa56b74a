import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';
import type { TryOnFrame } from '../../machines/try-on/try-on.machine';

/** A frame of the try-on strip (one member per product type: the document selects `__typename`). */
export type TryOnProductItem = NonNullable<NonNullable<NonNullable<Operations.GetTryOnFramesQuery['products']>['items']>[number]>;

export type { GetTryOnFramesQuery } from '../../services/apollo/generated/operation-types';

/**
 * Frames with their try-on image and real width (the shop's extension SDL: `frame_width`,
 * `tryon_image`), with every colour and size variant.
 */
export const GET_TRY_ON_FRAMES: TypedDocumentNode<Operations.GetTryOnFramesQuery, Operations.GetTryOnFramesQueryVariables> = gql`
  query GetTryOnFrames($filter: ProductAttributeFilterInput!, $pageSize: Int!) {
    products(filter: $filter, pageSize: $pageSize) {
      items {
        __typename
        uid
        sku
        name
        url_key
        url_suffix
        frame_width
        tryon_image {
          url
        }
        ... on ConfigurableProduct {
          variants {
            attributes {
              code
              label
              value_index
            }
            product {
              uid
              sku
              frame_width
              tryon_image {
                url
              }
            }
          }
        }
      }
    }
  }
`;

/** Every frame of the strip needs a width: a filter on it lists exactly the frames that can be tried on. */
export const FRAMES_WITH_TRY_ON_FILTER = { frame_width: { from: '1' } };

/** A catalog frame in the strip: one entry per colour, at the frame's standard size. */
export interface TryOnProduct {
  parentSku: string;
  name: string;
  colours: TryOnFrame[];
  /** Every variant (all sizes), by sku, for `?sku=` links to one size and the size choice. */
  variants: TryOnFrame[];
}

function isTryOnReady(frame: Partial<TryOnFrame>): frame is TryOnFrame {
  return Boolean(frame.sku && frame.imageUrl && frame.widthMm && frame.widthMm > 0);
}

/** Products → frames that can be tried on: per colour, the variant of the product's own width (its standard size). */
export function tryOnProductsOf(items: readonly (TryOnProductItem | null)[]): TryOnProduct[] {
  const products: TryOnProduct[] = [];
  for (const item of items) {
    if (!item?.sku) continue;
    const name = item.name ?? item.sku;
    const page = { urlKey: item.url_key ?? null, urlSuffix: item.url_suffix ?? null };
    const variants = (('variants' in item ? item.variants : null) ?? [])
      .map((v): Partial<TryOnFrame> => {
        const attributes = (v?.attributes ?? []).filter((a) => a?.code && typeof a.value_index === 'number');
        const labelOf = (code: string) => attributes.find((a) => a?.code === code)?.label ?? null;
        const p = v?.product;
        return {
          sku: p?.sku ?? '',
          parentSku: item.sku!,
          name,
          colour: labelOf('color'),
          size: labelOf('size'),
          imageUrl: p?.tryon_image?.url ?? '',
          widthMm: p?.frame_width ?? 0,
          ...page,
          options: Object.fromEntries(attributes.map((a) => [a!.code!, a!.value_index!])),
        };
      })
      .filter(isTryOnReady);
    if (variants.length === 0) {
      const single = {
        sku: item.sku,
        parentSku: item.sku,
        name,
        colour: null,
        imageUrl: item.tryon_image?.url ?? '',
        widthMm: item.frame_width ?? 0,
        ...page,
        options: {},
      };
      if (isTryOnReady(single)) products.push({ parentSku: item.sku, name, colours: [single], variants: [single] });
      continue;
    }
    const colours = new Map<string, TryOnFrame>();
    for (const variant of variants) {
      const key = variant.colour ?? '';
      const current = colours.get(key);
      const standard = item.frame_width !== null && variant.widthMm === item.frame_width;
      if (!current || (standard && current.widthMm !== item.frame_width)) colours.set(key, variant);
    }
    products.push({ parentSku: item.sku, name, colours: [...colours.values()], variants });
  }
  return products;
}

/** The sizes a frame comes in for the colour of `frame` (one per size), narrowest first. */
export function sizesOf(product: TryOnProduct, frame: TryOnFrame): TryOnFrame[] {
  return product.variants.filter((v) => v.colour === frame.colour && v.size).sort((a, b) => a.widthMm - b.widthMm);
}

/** The frame a `?sku=` names: a frame (its first colour), or one colour and size of it. */
export function frameForSku(products: readonly TryOnProduct[], sku: string | null): TryOnFrame | null {
  if (!sku) return null;
  for (const product of products) {
    if (product.parentSku === sku) return product.colours[0] ?? null;
    const variant = product.variants.find((v) => v.sku === sku);
    if (variant) return variant;
  }
  return null;
}

/** The colour and size tried, as the product page and the lens wizard take them (`?color=49&size=52`). */
function optionsQuery(frame: TryOnFrame): string {
  const query = new URLSearchParams(Object.entries(frame.options ?? {}).map(([code, value]) => [code, String(value)])).toString();
  return query ? `?${query}` : '';
}

/** The tried frame's product page, with the colour and size tried; null without a URL key. */
export function productPathOfFrame(frame: TryOnFrame): string | null {
  return frame.urlKey ? `/${frame.urlKey}${frame.urlSuffix ?? '.html'}${optionsQuery(frame)}` : null;
}

/** The lens wizard ("Choose your lenses", spec §2 /customize/{urlkey}) for the tried frame, colour and size. */
export function lensWizardPathOfFrame(frame: TryOnFrame): string | null {
  return frame.urlKey ? `/customize/${frame.urlKey}${optionsQuery(frame)}` : null;
}
