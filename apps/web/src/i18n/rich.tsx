import { Fragment, type ReactNode } from 'react';

const mark = '\uE000';

/**
 * A translated text with elements in it (a link, a code word): the message is made with a marker for
 * each argument, then each marker is replaced by its element, wherever the language puts it.
 */
export function withElements<A extends string[]>(
  message: (...args: A) => string,
  ...elements: ReactNode[]
): ReactNode {
  const text = message(...(elements.map((_, i) => `${mark}${i}${mark}`) as A));
  return text.split(new RegExp(`${mark}(\\d+)${mark}`)).map((part, i) =>
    // Odd parts are the markers' numbers.
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text keep their order
    i % 2 === 1 ? <Fragment key={i}>{elements[Number(part)]}</Fragment> : part,
  );
}
