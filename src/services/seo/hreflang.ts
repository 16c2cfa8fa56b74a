/**
 * hreflang values of the 13 store views (ADR 014; spec §2/§3: every page lives under
 * `/{storeCode}/…` and URL keys are shared, so a page's alternate in another view is the same path
 * under that view's code).
 *
 * A value is the view's Magento locale as BCP 47 (`fr_FR` → `fr-FR`). Search engines drop a page
 * set whose hreflang values repeat, and two views may share exactly one locale (here `default` and
 * `us` are both en_US, `eu` and `uk` both en_GB). Within such a group, in the order Magento lists
 * the views:
 * 1. the view whose code names the locale's region (`us` for en_US; `uk` for en_GB, the usual alias
 *    of GB) — else the group's first view — gets the full value (`en-US`);
 * 2. the next view gets the language alone (`en`: "English speakers elsewhere"), unless a view
 *    already has that value;
 * 3. any other view gets no hreflang: its pages still name the others as alternates and themselves as
 *    canonical, they are simply not offered to a language/region.
 * With the seeded views: `us` en-US, `default` ("Global - English") en, `uk` en-GB, and `eu` none.
 * `x-default` is the default store view (`ca`). See docs/decisions/014-seo.md.
 */

/** A store view as hreflang needs it (Magento `availableStores`: store_code, locale). */
export interface StoreViewLocale {
  code: string;
  /** Magento's locale, `en_CA`. */
  locale: string | null;
}

export interface HreflangOfView {
  code: string;
  hreflang: string;
}

/** Magento's locale as a BCP 47 tag: `fr_FR` → `fr-FR`, `zh_Hant_TW` → `zh-Hant-TW`. */
export function bcp47(locale: string): string {
  return locale.trim().replace(/_/g, '-');
}

const REGION_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

/** Whether a store code names the locale's region (`us` for en_US, `uk` for en_GB). */
function codeNamesRegion(code: string, locale: string): boolean {
  const region = locale.split(/[-_]/).at(-1)?.toUpperCase();
  const named = code.toUpperCase();
  return region !== undefined && (named === region || REGION_ALIASES[named] === region);
}

/**
 * The hreflang value of each store view that gets one (see the module's header), in the views'
 * order; views with no locale get none.
 */
export function hreflangsOf(views: readonly StoreViewLocale[]): HreflangOfView[] {
  const groups = new Map<string, StoreViewLocale[]>();
  for (const view of views) {
    if (!view.locale?.trim()) continue;
    const tag = bcp47(view.locale);
    groups.set(tag, [...(groups.get(tag) ?? []), view]);
  }
  const taken = new Set(groups.keys());
  const chosen = new Map<string, string>();
  for (const [tag, group] of groups) {
    const first = group.find((v) => codeNamesRegion(v.code, tag)) ?? group[0]!;
    chosen.set(first.code, tag);
    const second = group.find((v) => v !== first);
    const language = tag.split('-')[0]!;
    if (second && !taken.has(language)) {
      taken.add(language);
      chosen.set(second.code, language);
    }
  }
  return views.flatMap((v) => {
    const hreflang = chosen.get(v.code);
    return hreflang ? [{ code: v.code, hreflang }] : [];
  });
}
