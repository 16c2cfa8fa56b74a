/** One row of `catalog_category`. */
export interface CategoryRow {
  id: number;
  parent_id: number | null;
  position: number;
  level: number;
  path: string;
  name: string;
  url_key: string | null;
  url_path: string | null;
  description: string | null;
  image: string | null;
  include_in_menu: boolean;
  is_active: boolean;
  is_anchor: boolean;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  display_mode: string;
  created_at: Date;
  updated_at: Date;
}
