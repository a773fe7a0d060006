import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import classes from './controls.module.css';

/**
 * Plain form controls styled with the theme's variables, for pages that do not load the component
 * kit (the map page keeps its JavaScript small that way).
 */
export function Button({
  variant = 'default',
  icon,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'default' | 'light' | 'subtle'; icon?: ReactNode }) {
  return (
    <button type="button" className={`${classes.button} ${className ?? ''}`} data-variant={variant} {...rest}>
      {icon}
      {children}
    </button>
  );
}

/** A square button with only an icon; `label` is its accessible name. */
export function IconButton({
  label,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type="button"
      className={`${classes.iconButton} ${className ?? ''}`}
      aria-label={label}
      title={label}
      {...rest}
    >
      {children}
    </button>
  );
}

export function SearchInput({
  icon,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { icon?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  return (
    <span className={classes.inputWrap}>
      {icon ? <span className={classes.inputIcon}>{icon}</span> : null}
      <input type="search" className={classes.input} data-with-icon={Boolean(icon) || undefined} {...rest} />
    </span>
  );
}

export function Check({
  label,
  hiddenLabel,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; hiddenLabel?: boolean }) {
  return (
    <label className={classes.check}>
      <input type="checkbox" {...rest} />
      {hiddenLabel ? <span className={classes.visuallyHidden}>{label}</span> : <span>{label}</span>}
    </label>
  );
}

export function NumberField({
  label,
  error,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        className={classes.input}
        inputMode="numeric"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      {error ? (
        <span id={`${id}-error`} className={classes.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
