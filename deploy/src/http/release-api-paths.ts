/** Where the release API lives; its own module so the CLI's client loads none of the server. */
export const RELEASE_API_PREFIX = '/release-api/v1';
/** The release API's OpenAPI document. */
export const RELEASE_OPENAPI_PATH = `${RELEASE_API_PREFIX}/openapi.json`;
