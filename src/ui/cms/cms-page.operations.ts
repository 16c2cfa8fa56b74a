import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GetCmsPageQuery, GetCmsPageQueryVariables } from '../../services/apollo/generated/operation-types';

export type { GetCmsPageQuery };

export const GET_CMS_PAGE: TypedDocumentNode<GetCmsPageQuery, GetCmsPageQueryVariables> = gql`
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
