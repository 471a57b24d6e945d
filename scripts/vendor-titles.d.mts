// Types of scripts/vendor-titles.mjs, for the tests that import it.

/**
 * The vendor's titles of each operation id, from the `@vendor` tags of the declarations (several when
 * its forms have a title each), and what is wrong with a tag.
 */
export function vendorTitles(): { titles: Record<string, string[]>; problems: string[] };
