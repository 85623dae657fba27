/**
 * Hands a fetched file to the browser as a download: endpoints behind the bearer token cannot be plain links. The
 * name comes from the answer's Content-Disposition, else `fallbackName`.
 */
export async function saveResponseAs(response: Response, fallbackName: string): Promise<void> {
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
