/**
 * The flag SDK logs every failed fetch to the console; the product wants the fallback to control
 * to be silent. This fetch tells the SDK "nothing new" (304) when the flag endpoint fails, so it
 * stays not ready, and reports the failure to the caller instead.
 */
export function quietFetch(onFailure: (reason: unknown) => void, base: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return async (input, init) => {
    try {
      const response = await base(input, init);
      if (response.ok || response.status === 304) return response;
      onFailure(new Error(`flag endpoint answered ${response.status}`));
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      onFailure(error);
    }
    return new Response(null, { status: 304 });
  };
}
