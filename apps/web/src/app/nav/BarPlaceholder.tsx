import classes from './NavBar.module.css';

/** Holds the bar's place while its code loads, so that the page does not shift. */
export function BarPlaceholder() {
  return <div className={classes.header} aria-hidden="true" data-bar-placeholder />;
}
