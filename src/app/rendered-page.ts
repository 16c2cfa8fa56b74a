import type { NormalizedCacheObject } from '@apollo/client';
import type { SettledRoute } from '../machines/route/route.machine';
import type { StoreConfigSummary } from '../machines/store-view/store-view.machine';
import { jsonForScript } from '../services/seo/render-page-head';

/**
 * What a page rendered on the server hands to the browser: the store config and route
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

/**
 * The window property in which a server page's inline capture (server/page-render.ts) lists what the
 * shopper did before the page's code ran (ADR 033): each element used, the state the shopper left it
 * in (`v`: a checkedness or a field's value, null for a click) and the state the server wrote (`s`).
 */
export const EARLY_INTERACTIONS_KEY = '__shopEarlyInteractions';

export interface EarlyInteraction {
  e: Element;
  v: boolean | string | null;
  s: boolean | string | null;
}

export type EarlyInteractionScope = Partial<Record<typeof EARLY_INTERACTIONS_KEY, EarlyInteraction[]>>;
