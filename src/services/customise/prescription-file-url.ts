/**
 * Where uploaded prescriptions live on the backend (the shop module's REST routes). Kept apart from
 * the upload effect so the cart and order pages link to a file without loading the uploader.
 */
export const UPLOAD_PATH = '/rest/V1/lunette/prescription-uploads';

/** Where the backend lives: the GraphQL endpoint's origin, as the app's REST client uses. */
export function backendOrigin(): string {
  const graphqlUrl = (import.meta.env.VITE_GRAPHQL_URL as string | undefined) || '/graphql';
  return new URL(graphqlUrl, window.location.origin).origin;
}

/** The address that opens an uploaded file: only its reference (which carries the secret) opens it. */
export function prescriptionFileUrl(reference: string, origin = backendOrigin()): string {
  return `${origin}${UPLOAD_PATH}/${encodeURIComponent(reference)}`;
}
