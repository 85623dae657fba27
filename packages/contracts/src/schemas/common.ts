import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { safeString, searchText } from './text.ts';

/** The values a field message names (`{ max: 120 }`): contracts MESSAGE_PARAMS, filled in by the UI. */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * problem+json body (DESIGN §5). `code` and each error's `code` are message keys the UI translates, with the values
 * the message names in `params` (`validation.tooLong` + `{ max: 120 }` → "At most 120 characters").
 */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        code: z.string(),
        params: messageParamsSchema.optional(),
      }),
    )
    .optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sort: safeString().max(64).optional(),
  q: searchText().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
