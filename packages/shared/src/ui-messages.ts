/**
 * Texts of the site's frame and pages that the specification leaves open, worded in the same voice,
 * grouped by where they show.
 */
export const uiMessages = {
  shell: {
    skipToContent: 'Skip to content',
    language: 'Language',
    switchToMode: (mode: string) => `Switch to ${mode} mode`,
    light: 'light',
    dark: 'dark',
  },
  home: {
    account: 'Account',
    admin: 'Admin',
    profile: 'Profile',
    login: 'Login',
    contact: 'Contact',
  },
} as const;
