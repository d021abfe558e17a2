/** A line of a placed order: the dish and its options named as sold, with the ids they were sold under. */
interface SoldLineTexts {
  itemId: string | null;
  name: string;
  options: readonly { optionId: string | null; name: string }[];
}

/**
 * A placed order's line as a diner whose page is in English reads it: the dish and its options by the English
 * names the menu has for them now (`englishNamesOf` in public-menu/components/dish-language.ts), each as sold
 * when it has none. The order itself keeps the names as sold, which the kitchen and the bill use.
 */
export function soldLineInEnglish<Line extends SoldLineTexts>(line: Line, names: ReadonlyMap<string, string>): Line {
  const english = (id: string | null, name: string) => (id && names.get(id)) || name;
  return {
    ...line,
    name: english(line.itemId, line.name),
    options: line.options.map((option) => ({ ...option, name: english(option.optionId, option.name) })),
  };
}
