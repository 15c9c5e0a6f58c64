/**
 * Filters that work without JavaScript, and so before an island hydrates: an element marked
 * `data-filter` holds the choices (radio inputs or select options, each `data-filter-choice="N"`)
 * and the items, each `data-filter-match` with the numbers of the choices that show it. While
 * choice N is checked, a rule at the end of src/styles/design.css hides every item that does not
 * list N. Choice 0 is 'All', which every item lists.
 */

/** The rule in design.css covers choices 0 to 5 */
export const MAX_FILTER_CHOICES = 6;

export function filterChoice(index: number): { 'data-filter-choice': string } {
  if (index < 0 || index >= MAX_FILTER_CHOICES)
    throw new Error(`A filter has at most ${MAX_FILTER_CHOICES} choices`);
  return { 'data-filter-choice': String(index) };
}

/** Shown while any of `choices` is checked */
export function filterMatch(choices: readonly number[]): { 'data-filter-match': string } {
  return { 'data-filter-match': choices.filter((index) => index >= 0).join(' ') };
}
