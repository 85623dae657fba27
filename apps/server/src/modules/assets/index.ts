/** What other modules may use of the API's static assets. */
export { DEFAULT_AVATAR_PATH } from './routes.ts';
