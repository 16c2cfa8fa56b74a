import { gql, type TypedDocumentNode } from '@apollo/client';

export interface GetCmsPageQuery {
  cmsPage: { identifier: string | null; title: string | null; content_heading: string | null; content: string | null; meta_title: string | null; meta_description: string | null } | null;
}

export const GET_CMS_PAGE: TypedDocumentNode<GetCmsPageQuery, { identifier: string }> = gql`
  query GetCmsPage($identifier: String!) {
    cmsPage(identifier: $identifier) {
      identifier
      title
      content_heading
      content
      meta_title
      meta_description
    }
  }
`;
