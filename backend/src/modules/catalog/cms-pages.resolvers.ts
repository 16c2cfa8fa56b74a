import { cmsPageSelectIn } from './store-scope';
import { many } from '../../db/database';
import type { Resolvers as SchemaResolvers } from '../../graphql/generated/resolvers-types';
import type { Resolvers } from '../../module';

interface CmsPageListRow {
  identifier: string;
  title: string;
  content_heading: string | null;
  page_layout: string;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
}

/**
 * `lunetteCmsPages` (extension.graphql): the active CMS pages, which the storefront's sitemap lists
 * (ADR 014; Magento's GraphQL has no such query). Their content is left out: a page's URL and
 * meta are what a list needs, and `cmsPage(identifier)` reads one page whole.
 */
const typedCmsPagesResolvers: Pick<SchemaResolvers, 'Query'> = {
  Query: {
    lunetteCmsPages: async (_root, _args, ctx) =>
      (
        await many<CmsPageListRow>(
          ctx.db,
          `SELECT identifier, title, content_heading, page_layout, meta_title, meta_description, meta_keywords FROM (${cmsPageSelectIn(ctx.store.id)}) p WHERE is_active ORDER BY id`,
        )
      ).map((page) => ({ ...page, url_key: page.identifier, relative_url: page.identifier, redirect_code: 0, type: 'CMS_PAGE' as const })),
  },
};

export const cmsPagesResolvers: Resolvers = typedCmsPagesResolvers;
