import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { publicUrl } from './embedding.ts';

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  embedded: boolean;
  children?: ReactNode;
}

/** A bar link: inside the site it navigates; embedded it opens the public site in a new tab. */
export function BarAnchor({ to, embedded, children, ...rest }: Props) {
  if (embedded) {
    return (
      <a href={publicUrl(to)} target="_blank" rel="noopener" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
