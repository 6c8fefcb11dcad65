/**
 * A refusal of a request made with `responseType: 'blob'` arrives as a Blob too: read back as JSON, so
 * shared-ui's apiErrorMessage finds the API's German message. Rethrows the error.
 */
export async function rethrowWithJsonBody(error: unknown): Promise<never> {
  const response = (error as { response?: { data?: unknown } }).response;
  if (response?.data instanceof Blob)
    response.data = await response.data.text().then(
      (text) => JSON.parse(text) as unknown,
      () => null,
    );
  throw error;
}
