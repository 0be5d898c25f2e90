/** Hidden fields that carry the rest of an address through a GET form (document pages: the form is the state). */
export function HiddenFields({ params, except = [] }: { params: Iterable<[string, string]>; except?: readonly string[] }) {
  return (
    <>
      {[...params]
        .filter(([name]) => !except.includes(name))
        .map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
