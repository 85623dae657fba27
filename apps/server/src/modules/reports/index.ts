/** Reports (issue 16): the catalogue's engine, exports and routes. */
export { reportsService, type ReportsService } from './service.ts';
export { reportRoutes } from './routes.ts';
