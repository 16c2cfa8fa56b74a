import { defineMessages } from 'react-intl';

/** Titles of pages that have no name of their own, as the browser tab and the server's head both word them. */
export const pageTitles = defineMessages<'search' | 'searchEmpty' | 'notFound'>({
  search: { id: 'search.title', defaultMessage: 'Results for “{query}”' },
  searchEmpty: { id: 'search.titleEmpty', defaultMessage: 'Search' },
  notFound: { id: 'notFound.title', defaultMessage: 'Page not found' },
});
