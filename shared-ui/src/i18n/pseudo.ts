import type { Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýẑÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝẐ'];
const VOWEL = /[aeiouäöüAEIOUÄÖÜ]/;

/** Every letter accented, every vowel twice: German about 40 % longer, still readable in a screenshot. */
function pseudoText(text: string): string {
  return [...text]
    .map((char) => {
      const index = PLAIN.indexOf(char);
      const shown = index < 0 ? char : ACCENTED[index];
      return VOWEL.test(char) ? shown + shown : shown;
    })
    .join('');
}

/**
 * A compiled message (scripts/webpack/catalog-loader.cjs) with its literal text changed and its structure kept:
 * placeholders, number and date formats, and the plural and select keys stay as they are; `#` is no letter, so it
 * stays too.
 */
function pseudoTokens(message: CompiledMessage): CompiledMessage {
  return message.map((token) => {
    if (typeof token === 'string') return pseudoText(token);
    const [name, type, choices] = token;
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') return token;
    return [
      name,
      type,
      Object.fromEntries(
        Object.entries(choices as Record<string, unknown>).map(([key, value]) => [
          key,
          // `offset` is a number.
          Array.isArray(value) ? pseudoTokens(value as CompiledMessage) : value,
        ]),
      ),
    ];
  });
}

/**
 * The test-only pseudo language of German messages (enablePseudoLanguage in ./i18n.ts): each message in brackets,
 * so text cut at either end shows, „Zertifikat erstellen“ as „[Ẑééŕţîîƒîîķååţ ééŕšţééļļééñ]“. Jest's catalogs are
 * ICU text, not compiled (./i18n.ts); they stay as they are.
 */
export function pseudoMessages(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [
      id,
      typeof message === 'string' ? message : ['[', ...pseudoTokens(message), ']'],
    ]),
  );
}
