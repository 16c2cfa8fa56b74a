/** One page of a list, as Magento answers paged lists (`items`, `total_count`, `page_info`); pages count from 1. */
export function pageOf<T>(all: T[], args: { currentPage?: number | null; pageSize?: number | null }, defaultPageSize: number) {
  const pageSize = Math.max(1, args.pageSize ?? defaultPageSize);
  const currentPage = Math.max(1, args.currentPage ?? 1);
  return {
    items: all.slice((currentPage - 1) * pageSize, currentPage * pageSize),
    total_count: all.length,
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: Math.ceil(all.length / pageSize) },
  };
}
