/**
 * Hands a fetched file to the browser as a download: endpoints behind the bearer token cannot be plain links. The
 * name comes from the answer's Content-Disposition, else `fallbackName`.
 */
export async function saveResponseAs(response: Response, fallbackName: string): Promise<void> {
  const disposition = response.headers.get('content-disposition') ?? '';
  // The UTF-8 name (RFC 5987: filename*=UTF-8''…) first, so Arabic or Chinese names survive; then the ASCII one.
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name =
    (encoded ? decodeURIComponent(encoded) : undefined) ??
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    fallbackName;
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
