import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import ui from './ui.module.css';

interface Props extends Omit<TextareaProps, 'autosize' | 'classNames' | 'styles' | 'minRows' | 'maxRows'> {
  /** Lines shown when empty. */
  minRows: number;
  /** Lines it grows to with its text; beyond, it scrolls. */
  maxRows: number;
  /** A class of the text area itself (a monospace font). */
  inputClassName?: string;
}

/**
 * A text area that grows with its text from `minRows` to `maxRows` lines, then scrolls. The browser
 * sizes it (`field-sizing`): a text area that measures itself in script lays the page out again at
 * each render of its form, that is at each key press.
 */
export function GrowingTextarea({ minRows, maxRows, inputClassName, ...props }: Props) {
  const rows = { '--grow-min': minRows, '--grow-max': maxRows } as CSSProperties;
  return (
    <Textarea
      {...props}
      rows={minRows}
      classNames={{ input: inputClassName ? `${ui.growing} ${inputClassName}` : ui.growing }}
      styles={{ input: rows }}
    />
  );
}
