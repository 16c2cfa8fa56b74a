import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GetTryOnFramesQuery, GetTryOnFramesQueryVariables } from '../../services/apollo/generated/operation-types';
import type { TryOnFrame } from '../../machines/try-on/try-on.machine';

/** A frame of the try-on strip (one member per product type: the document selects `__typename`). */
export type TryOnProductItem = NonNullable<NonNullable<NonNullable<GetTryOnFramesQuery['products']>['items']>[number]>;

export type { GetTryOnFramesQuery };

/**
 * Frames with their try-on image and real width (the shop's extension SDL: `frame_width`,
 * `tryon_image`), with every colour and size variant.
 */
export const GET_TRY_ON_FRAMES: TypedDocumentNode<GetTryOnFramesQuery, GetTryOnFramesQueryVariables> = gql`
  query GetTryOnFrames($filter: ProductAttributeFilterInput!, $pageSize: Int!) {
    products(filter: $filter, pageSize: $pageSize) {
      items {
        __typename
        uid
        sku
        name
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
  /** Every variant (all sizes), by sku, for `?sku=` links to one size. */
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
    const variants = (('variants' in item ? item.variants : null) ?? [])
      .map((v) => {
        const colour = v?.attributes?.find((a) => a?.code === 'color')?.label ?? null;
        const p = v?.product;
        return { sku: p?.sku ?? '', parentSku: item.sku!, name, colour, imageUrl: p?.tryon_image?.url ?? '', widthMm: p?.frame_width ?? 0 };
      })
      .filter(isTryOnReady);
    if (variants.length === 0) {
      const single = { sku: item.sku, parentSku: item.sku, name, colour: null, imageUrl: item.tryon_image?.url ?? '', widthMm: item.frame_width ?? 0 };
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
