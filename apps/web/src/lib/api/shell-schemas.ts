/**
 * The response schemas the shell checks right after start — the client config, the current user, problem bodies —
 * in a chunk of their own with the schema library. The first bundle carries no zod; this chunk is requested beside
 * the first API call (loadShellSchemas() before the fetch, awaited after it), so it costs no extra round trip.
 */
export { clientConfigSchema, meSchema, problemSchema } from '@lbs/contracts';
