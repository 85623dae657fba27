import type { TestProject } from 'vitest/node';
import { startE2EServer, type E2EServer } from './server.ts';

let server: E2EServer | undefined;

/** One real server for the browser suite; each test file uses its own browser context. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  server = await startE2EServer();
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
