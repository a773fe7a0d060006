declare module 'fxa-common-password-list' {
  /** Whether the password is one of the list's common breached passwords (exact, case-sensitive). */
  const list: { test(password: string): boolean };
  export default list;
}
