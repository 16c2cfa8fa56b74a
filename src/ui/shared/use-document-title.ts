import { useEffect } from 'react';

export const SHOP_NAME = 'Lunette Eyewear';
/** The brand, as the logo shows it: a proper name, the same in every language. */
export const BRAND = 'Lunette';

/** The browser tab's title for the page shown: its meta title, or its name with the shop's. */
export function useDocumentTitle(title: string | null | undefined, metaTitle?: string | null): void {
  useEffect(() => {
    const text = metaTitle || (title ? `${title} | ${SHOP_NAME}` : null);
    if (text) document.title = text;
  }, [title, metaTitle]);
}
