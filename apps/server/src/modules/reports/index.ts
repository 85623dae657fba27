/** Reports (issue 16): the catalogue's engine, exports and routes. */
export { reportsService, type ReportsService } from './service.ts';
export { reportRoutes } from './routes.ts';
export { listExports, type ListExports } from './lists.ts';
export { listExportRoutes, type ExportableList } from './list-routes.ts';
