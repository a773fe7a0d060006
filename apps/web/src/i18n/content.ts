/**
 * The language of the site's content: names and texts from the database (games, maps, markers,
 * quests, items, users' words). Elements showing content carry `lang={contentLang}` so that browsers,
 * screen readers and the pseudo-locale check tell it from interface text, which follows the chosen
 * language.
 */
export const contentLang = 'en';
