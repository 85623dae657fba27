type ShellSchemas = typeof import('./shell-schemas.ts');

let loading: Promise<ShellSchemas> | undefined;

/** Starts (once) loading the shell's response schemas; a failed load is tried again by the next caller. */
export function loadShellSchemas(): Promise<ShellSchemas> {
  loading ??= import('./shell-schemas.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
