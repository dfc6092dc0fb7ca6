import { remove as foldConfusables } from 'confusables';

/**
 * Ad text as the word check reads it, so hidden or look-alike characters do not carry a banned word past
 * moderation: compatibility forms folded (NFKC: 'ｃａｓｉｎｏ', 'ﬁ'), invisible code points removed (zero-width
 * spaces and joiners, soft hyphens, variation selectors), letters that look like Latin ones from other
 * scripts folded to them (Cyrillic 'а' in 'cаsino') with the confusables package's list, accents removed,
 * lower case, and anything not a letter or digit turned into one space.
 */
export function normaliseForMatching(text: string): string {
  return foldConfusables(withoutHidden(text))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** NFKC with the default-ignorable code points (invisible in every font) removed. */
function withoutHidden(text: string): string {
  return text.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
}

/** Scripts whose letters pass for one another; a word mixing them is a disguise, not a language. */
const lookAlikeScripts = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
];

/** The words (as written, invisible characters removed) that mix letters of two of those scripts. */
export function mixedScriptWords(text: string): string[] {
  const words = withoutHidden(text).split(/[^\p{L}\p{M}\p{N}]+/u);
  const mixed = words.filter((word) => {
    const scripts = lookAlikeScripts.filter((script) => [...word].some((letter) => script.test(letter)));
    return scripts.length > 1;
  });
  return [...new Set(mixed)];
}
