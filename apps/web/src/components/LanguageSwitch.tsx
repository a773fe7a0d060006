import { chooseLocale, type Language, languages, useLocale } from '../i18n/locale.ts';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import ui from './ui.module.css';

/** Chooses the interface language; each language is named in itself. */
export function LanguageSwitch() {
  const locale = useLocale();
  return (
    <select
      className={ui.select}
      value={locale === 'pseudo' ? 'en' : locale}
      aria-label={uiMessages.shell.language}
      onChange={(e) => void chooseLocale(e.currentTarget.value as Language)}
    >
      {Object.entries(languages).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
