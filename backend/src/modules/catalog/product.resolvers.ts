import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { encodeUid } from './catalog-uids';
import { loadAllCategories, loadCategoryIds, loadMedia } from './catalog.loaders';
import { categoryNodeOf } from './category-nodes';
import {
  configurableOptionsOf,
  customOptionsInCurrency,
  galleryOf,
  imageOf,
  moneyOfUsd,
  num,
  optionsSelectionOf,
  priceBoundsOf,
  productImageUrl,
  productPriceOf,
  variantsOf,
} from './product-nodes';

/** Field resolvers of the product types; their parent is the product node (`productNodeOf`), which keeps its row. */
export const productResolvers: Resolvers = {
  ProductInterface: {
    price_range: async (node, _args, ctx) => {
      const bounds = await priceBoundsOf(ctx, node._row);
      return { minimum_price: await productPriceOf(ctx, ...bounds.min), maximum_price: await productPriceOf(ctx, ...bounds.max) };
    },
    price: async (node, _args, ctx) => {
      const bounds = await priceBoundsOf(ctx, node._row);
      const priceOf = async (usd: number) => ({ amount: await moneyOfUsd(ctx, usd), adjustments: [] });
      return { regularPrice: await priceOf(bounds.min[0]), minimalPrice: await priceOf(bounds.min[1]), maximalPrice: await priceOf(bounds.max[1]) };
    },
    special_price: async (node, _args, ctx) => {
      const row = node._row;
      const special = num(row.special_price);
      return special !== null && special < Number(row.price) ? (await moneyOfUsd(ctx, special)).value : null;
    },
    media_gallery: async (node, _args, ctx) => galleryOf(ctx, await loadMedia(ctx, node._row.id)),
    media_gallery_entries: async (node, _args, ctx) =>
      (await loadMedia(ctx, node._row.id))
        .filter((m) => !m.disabled)
        .map((m) => ({
          id: m.id,
          uid: encodeUid(m.id),
          file: m.file,
          label: m.label,
          position: m.position,
          disabled: m.disabled,
          types: m.types,
          media_type: 'image',
          content: null,
          video_content: null,
        })),
    image: async (node, _args, ctx) => imageOf(ctx, await loadMedia(ctx, node._row.id), 'image', node._row.name),
    small_image: async (node, _args, ctx) => imageOf(ctx, await loadMedia(ctx, node._row.id), 'small_image', node._row.name),
    thumbnail: async (node, _args, ctx) => imageOf(ctx, await loadMedia(ctx, node._row.id), 'thumbnail', node._row.name),
    tryon_image: async (node, _args, ctx) => {
      const row = (await loadMedia(ctx, node._row.id)).find((m) => m.view === 'tryon');
      return row ? { url: productImageUrl(ctx, row.file), label: row.label, position: row.position, disabled: row.disabled, types: row.types } : null;
    },
    categories: async (node, _args, ctx) => {
      const row = node._row;
      const [ids, all] = await Promise.all([loadCategoryIds(ctx, row.parent_id ?? row.id), loadAllCategories(ctx)]);
      return ids.flatMap((id) => {
        const category = all.find((c) => c.id === id);
        return category ? [categoryNodeOf(ctx, category)] : [];
      });
    },
  },
  CustomizableProductInterface: {
    options: async (node, _args, ctx) => customOptionsInCurrency(ctx, node._row),
  },
  ConfigurableProduct: {
    configurable_options: (node, _args, ctx) => configurableOptionsOf(ctx, node._row),
    variants: (node, _args, ctx) => variantsOf(ctx, node._row),
    configurable_product_options_selection: (node, args, ctx) => optionsSelectionOf(ctx, node._row, args.configurableOptionValueUids ?? []),
  },
};
