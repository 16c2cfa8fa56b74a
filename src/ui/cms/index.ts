/** What other features may use of CMS pages (.dependency-cruiser.cjs: no feature imports another's files). */
export { GET_CMS_PAGE } from './cms-page.operations';
