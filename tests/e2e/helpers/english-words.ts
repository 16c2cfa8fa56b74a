/**
 * English words a page in French, German, Spanish or Dutch must not show: words of the
 * shop's interface and catalogue that are not also words of those languages. Left out on purpose:
 * words the four languages share with English ("Total", "Status", "Details", "Contact", "Filters",
 * "Shop", "Online", "Error", "Material", "Color", "Menu", "Code", "Date", "Information", "Account",
 * "Privacy", "Cookies", "Medium", "Standard", "Optional", Dutch "coatings"…) and abbreviations in capitals (ADD, PD,
 * SPH, PDF, JPG), which opticians and files use in every language.
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  `
the and your you with for from this that these those what which when where how why who our it its
be are has have would should could cannot not yet now only just more less all any each every some none
other another here there than then too very about after before again back next previous first old own
up down out off into under between by if do does did done get got go hide try use used choose added
remove edit save saved cancel keep delete checkout cart bag basket home search results price prices
available unavailable quantity item items tax shipping delivery billing payment pay order orders placed
review summary estimated discount apply applied sign signed password forgot create address addresses
book phone city street country zip wishlist lens lenses glasses eyeglasses sunglasses eyewear frame
frames colour shape width height length bridge eye eyes right left reading thin thinner thickness
clear black brown tortoise silver blue green pink white crystal women children loading
please thank thanks welcome hello hi returns step steps uploaded today free included categories
category skip warning dismiss reload shop's frame's featured arrivals round aviator rimless acetate
light reflective scratch polarized polarised glare screen everyday
`
    .split(/\s+/)
    .filter(Boolean),
);

/** A word of `text` that is English (ENGLISH_WORDS), with a little of its context; none → []. */
export function englishWordsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\p{L}[\p{L}\p{M}'’]*/gu)) {
    const word = match[0].replace(/’/g, "'");
    if (word.length > 1 && word === word.toUpperCase()) continue; // an abbreviation: ADD, PD, JPG
    if (!ENGLISH_WORDS.has(word.toLowerCase())) continue;
    const at = match.index ?? 0;
    found.push(`${word} in “…${text.slice(Math.max(0, at - 30), at + word.length + 30).replace(/\s+/g, ' ')}…”`);
  }
  return found;
}
