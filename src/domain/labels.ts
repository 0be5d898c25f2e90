/** Words for enumeration values: the label specs/enums gives a value, or the value itself for one it does not list. */
export function enumLabel(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}
