/**
 * The two URI operations rjsf's schema lookup asks of `fast-uri` (@rjsf/utils findSchemaDefinition: `$id`
 * references of draft 2020-12 schemas), done with the browser's URL instead of fast-uri's 7 KB (brotli) of
 * parser: the client build aliases `fast-uri` here (vite.config.ts). Our spec forms use neither `$id`
 * references nor 2020-12, so this is a fallback that keeps rjsf's behaviour for absolute and fragment refs.
 */
function resolve(base: string | undefined, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    // A relative base (rjsf passes '#' or a bare $id): a fragment joins the base, anything else stands alone.
    return ref.startsWith('#') ? `${(base ?? '').split('#')[0]}${ref}` : ref;
  }
}

function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

const equal = (a: string, b: string): boolean => normalize(a) === normalize(b);

export default { resolve, equal };
export { resolve, equal };
