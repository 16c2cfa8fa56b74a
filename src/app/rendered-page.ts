import type { NormalizedCacheObject } from '@apollo/client';
import type { SettledRoute } from '../machines/route/route.machine';
import type { StoreConfigSummary } from '../machines/store-view/store-view.machine';
import { jsonForScript } from '../services/seo/render-page-head';

/**
 * What a page rendered on the server hands to the browser (issue 12): the store config and route
 * outcome its machines reached, and the Apollo cache it rendered from. The browser starts its
 * machines from them and hydrates the same markup without asking the backend again.
 */
export interface RenderedPage {
  storeConfig: StoreConfigSummary;
  route: SettledRoute | null;
  apollo: NormalizedCacheObject;
}

/** The id of the `<script type="application/json">` that carries it. */
export const RENDERED_PAGE_SCRIPT_ID = 'shop-rendered-page';

/** The script element, its JSON escaped so no value (a product named `</script>`) can end it. */
export function renderedPageScript(page: RenderedPage): string {
  return `<script type="application/json" id="${RENDERED_PAGE_SCRIPT_ID}">${jsonForScript(page)}</script>`;
}

/** The page the server rendered, or null: none, or one that is not what the server writes (never a crash). */
export function readRenderedPage(doc: Pick<Document, 'getElementById'>): RenderedPage | null {
  const text = doc.getElementById(RENDERED_PAGE_SCRIPT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<RenderedPage> | null;
    const config = value?.storeConfig;
    if (!value || !config || typeof config.storeCode !== 'string' || typeof config.locale !== 'string') return null;
    if (typeof value.apollo !== 'object' || value.apollo === null) return null;
    return { storeConfig: config, route: value.route ?? null, apollo: value.apollo };
  } catch {
    return null;
  }
}
