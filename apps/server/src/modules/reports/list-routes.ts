import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportParamsShape, type ListExportKey, type Permission } from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { readProblems } from '../../access/route-support.ts';
import { fieldErrorFrom, validationFailed } from '../../lib/errors.ts';
import type { ListExports, ListPageFn } from './lists.ts';

/** A list that can be exported: its query schema (the screen's filters and sort), permission and service call. */
export interface ExportableList {
  query: z.ZodType<Record<string, unknown>>;
  permission: Permission;
  list: ListPageFn;
}

type Options = { exports: ListExports; lists: Record<ListExportKey, ExportableList> };

/**
 * `GET /list-exports/<list>`: each list page's Export, with exactly the list's own query parameters (validated by
 * the list's schema, so a filter the list refuses is refused here too) plus format and locale.
 */
export const listExportRoutes: FastifyPluginAsyncZod<Options> = async (app, { exports, lists }) => {
  for (const key of Object.keys(lists) as ListExportKey[]) {
    const { query, permission, list } = lists[key];
    app.get(
      `/list-exports/${key}`,
      {
        config: {
          permission,
          openapi: {
            response: {
              200: z.string().describe('The list as CSV (with a byte-order mark) or XLSX'),
              ...readProblems,
            },
          },
        },
        schema: {
          tags: ['reports'],
          summary: `The ${key} list as a file, with the list's filters and sort`,
          querystring: z.looseObject(listExportParamsShape),
          produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        },
      },
      async (r, reply) => {
        const { format, locale, ...rest } = r.query;
        const parsed = query.safeParse(rest);
        if (!parsed.success)
          throw validationFailed(
            parsed.error.issues.map((i) => fieldErrorFrom(`query.${i.path.join('.')}`, i.message)),
          );
        const file = await exports.exportList(callerOf(r), key, list, parsed.data, { format, locale });
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );
  }
};
