import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';

export type { GetCmsPageQuery } from '../../services/apollo/generated/operation-types';

export const GET_CMS_PAGE: TypedDocumentNode<Operations.GetCmsPageQuery, Operations.GetCmsPageQueryVariables> = gql`
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
