/** What other features may use of the machine inspector (.dependency-cruiser.cjs: no feature imports another's files). */
export { useInspectedSystem } from './inspected-system';
